// Package tray puts kin's icon in the desktop's tray: a StatusNotifierItem
// (the freedesktop convention KDE, GNOME's AppIndicator extension, XFCE
// and most bars follow) on the D-Bus session bus, with a menu served over
// com.canonical.dbusmenu. It needs no display and no cgo; the menu's
// actions are plain functions the caller sends into its own loop.
//
// Where no tray host runs (no org.kde.StatusNotifierWatcher on the bus),
// [Start] returns [ErrNoHost] so that kin can say so once and go on.
package tray
