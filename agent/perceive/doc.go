// Package perceive is kin's ambient perception (issue #13 §4): the
// observe_screen tool, which has a vision model describe a screenshot, and
// a [Watcher] that notices when the user seems stuck — the screen has not
// meaningfully changed for a while although they are at the computer, or
// an error dialog has appeared — so the character may offer help, once
// for each such moment.
//
// Both are opt-in and off by default; main starts them only when the
// settings say so, and shows an indicator while a [Watcher] runs
// ([Watcher.Watching]). Privacy: the watcher keeps only a tiny greyscale
// thumbnail of the last look at the screen, in memory, to compare with the
// next; it never stores a screenshot or sends one anywhere. A screenshot
// leaves the computer only when observe_screen is called, and then only
// to the [Describer] it was given; [Disclosure] says so in words for the
// settings screen.
//
// On X11 the watcher reads the user's idle time through the
// MIT-SCREEN-SAVER extension and the window titles through the window
// manager's _NET_CLIENT_LIST ([X]); screenshots come from the desktop
// package's screenshot tool. Everything the watcher reads goes through
// the small [Probe] interface and its clock is injected, so the rules are
// tested with a fake clock against a real Xvfb.
package perceive
