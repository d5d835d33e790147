// Package desktop holds the tools that see and drive the user's desktop:
// screenshot, keyboard_type, keyboard_keys, mouse_move, mouse_click,
// clipboard_read, clipboard_write, notify and open.
//
// Screen, input and clipboard tools speak the X11 protocol directly (pure
// Go, no cgo) over one connection per [Desktop], opened on first use, shared
// by concurrent calls and opened again when the X server went away. Input is
// synthesised with the XTEST extension. A session without an X display (a
// Wayland session without XWayland, a terminal over SSH) gets a clear error
// from those tools instead.
//
// notify talks to the freedesktop notification server on the D-Bus session
// bus; open hands a URL or file to the user's default application through
// xdg-open.
//
// The permission gate around the tools (asking the user, the diary, "always
// allow") is not here: each tool only declares its risk in [tools.Meta] and
// describes each call in [tools.Assessment].
package desktop
