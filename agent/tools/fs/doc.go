// Package fs holds kin's file tools — fs_roots, fs_list, fs_stat, fs_read,
// fs_search, fs_walk, fs_write, fs_edit, fs_copy, fs_move and fs_delete —
// and the [Roots] that confine them.
//
// Every path a tool is given goes through [Roots.Resolve]: "~" is expanded,
// a relative path is taken from the first root, ".." that climbs out of a
// root is refused, and every symbolic link on the way (intermediate folders
// and the final name alike) is followed by hand and must land inside a root
// and outside the excluded private places (keys, password stores, cloud
// credentials, browser profiles, kin's own data). A mount point inside a
// root is accepted only when it shows part of the same filesystem subtree
// the root already shows (a bind mount of a folder inside the roots); any
// other filesystem or any subtree from elsewhere is refused unless its
// mount point is itself a root. The mount table is read from
// /proc/self/mountinfo; where that file does not exist the mount rule is
// not applied.
//
// Writes open the final name with O_NOFOLLOW relative to a descriptor of
// its parent folder, opened through an [os.Root] of the root, so a symbolic
// link planted after the check is neither followed at the last step nor
// out of the root at the intermediate ones. What remains racy: a link
// swapped in between the check and the act may still point at another
// place inside the same root (an excluded folder included), listing and
// reading open the checked path by name, and a rename across two different
// roots uses plain paths.
//
// fs_delete never unlinks: it moves the entry to the freedesktop.org trash
// (the home trash, or $topdir/.Trash-$UID on another filesystem) and
// refuses when neither can be used.
//
// The tools declare their risk and, through Assess, the scope and a
// plain-words summary of each call; asking the user is the permission
// gate's job, not this package's. The reading tools are low risk. fs_write
// is medium, high when it replaces an existing file; fs_edit is medium,
// high with all: true (every occurrence changes, and how many cannot be
// seen from the call); fs_copy and fs_move are medium, high when they
// replace a file; any of these is high when its target runs or loads on
// its own later (a hidden file right in the home such as .bashrc, a file
// under ~/.config/autostart, ~/.config/systemd, ~/.local/bin or ~/bin, or
// an executable). fs_delete is always high. Scope is the absolute path
// acted on: the target of a write, edit or copy, the entry deleted, and
// for a move the deepest folder holding both ends, so an "always allow"
// for a folder covers a move only when both ends lie in it.
package fs
