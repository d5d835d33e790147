// Package keyring keeps secrets (a wallet passphrase, an API key) in the
// desktop's keyring through the freedesktop Secret Service API over the
// D-Bus session bus (GNOME Keyring, KWallet, KeePassXC all speak it). A
// secret is found by its attributes; kin's are {"application": "kin",
// "kind": …, "name": …}. Where no Secret Service runs, calls fail with
// [ErrUnavailable] so callers fall back to the environment or a file.
package keyring

import (
	"errors"
	"fmt"

	"github.com/godbus/dbus/v5"
)

const (
	service    = "org.freedesktop.secrets"
	rootPath   = dbus.ObjectPath("/org/freedesktop/secrets")
	defaultCol = dbus.ObjectPath("/org/freedesktop/secrets/aliases/default")
	ifService  = "org.freedesktop.Secret.Service"
	ifColl     = "org.freedesktop.Secret.Collection"
	noPrompt   = dbus.ObjectPath("/")
)

// Errors callers branch on.
var (
	ErrUnavailable = errors.New("keyring: no desktop keyring (Secret Service) is running")
	ErrNotFound    = errors.New("keyring: no such secret")
	ErrLocked      = errors.New("keyring: the keyring is locked; unlock it (log in to the desktop) and try again")
)

// secret is the Secret Service's Secret struct (oayays).
type secret struct {
	Session     dbus.ObjectPath
	Parameters  []byte
	Value       []byte
	ContentType string
}

// Keyring talks to the Secret Service on one bus.
type Keyring struct {
	conn *dbus.Conn
}

// Open connects to the session bus at address ("" is the user's session
// bus) and checks that a Secret Service answers there.
func Open(address string) (*Keyring, error) {
	var conn *dbus.Conn
	var err error
	if address == "" {
		conn, err = dbus.ConnectSessionBus()
	} else {
		conn, err = dbus.Connect(address)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	var has bool
	if err := conn.BusObject().Call("org.freedesktop.DBus.NameHasOwner", 0, service).Store(&has); err != nil || !has {
		conn.Close()
		return nil, ErrUnavailable
	}
	return &Keyring{conn: conn}, nil
}

// Close closes the connection.
func (k *Keyring) Close() error { return k.conn.Close() }

// session opens a plain session: secrets travel unencrypted over the
// private session bus, as they do for secret-tool.
func (k *Keyring) session() (dbus.ObjectPath, error) {
	var out dbus.Variant
	var path dbus.ObjectPath
	err := k.conn.Object(service, rootPath).Call(ifService+".OpenSession", 0, "plain", dbus.MakeVariant("")).Store(&out, &path)
	if err != nil {
		return "", fmt.Errorf("keyring: open a session: %w", err)
	}
	return path, nil
}

// Get returns the secret with these attributes.
func (k *Keyring) Get(attrs map[string]string) (string, error) {
	var unlocked, locked []dbus.ObjectPath
	if err := k.conn.Object(service, rootPath).Call(ifService+".SearchItems", 0, attrs).Store(&unlocked, &locked); err != nil {
		return "", fmt.Errorf("keyring: search: %w", err)
	}
	if len(unlocked) == 0 && len(locked) > 0 {
		var done []dbus.ObjectPath
		var prompt dbus.ObjectPath
		if err := k.conn.Object(service, rootPath).Call(ifService+".Unlock", 0, locked).Store(&done, &prompt); err != nil || len(done) == 0 {
			return "", ErrLocked
		}
		unlocked = done
	}
	if len(unlocked) == 0 {
		return "", ErrNotFound
	}
	sess, err := k.session()
	if err != nil {
		return "", err
	}
	var secrets map[dbus.ObjectPath]secret
	if err := k.conn.Object(service, rootPath).Call(ifService+".GetSecrets", 0, unlocked[:1], sess).Store(&secrets); err != nil {
		return "", fmt.Errorf("keyring: read the secret: %w", err)
	}
	s, ok := secrets[unlocked[0]]
	if !ok {
		return "", ErrNotFound
	}
	return string(s.Value), nil
}

// Set stores value under attrs in the default collection, replacing a
// secret with the same attributes; label is what the keyring's UI shows.
func (k *Keyring) Set(label string, attrs map[string]string, value string) error {
	sess, err := k.session()
	if err != nil {
		return err
	}
	props := map[string]dbus.Variant{
		"org.freedesktop.Secret.Item.Label":      dbus.MakeVariant(label),
		"org.freedesktop.Secret.Item.Attributes": dbus.MakeVariant(attrs),
	}
	s := secret{Session: sess, Value: []byte(value), ContentType: "text/plain; charset=utf8"}
	var item, prompt dbus.ObjectPath
	if err := k.conn.Object(service, defaultCol).Call(ifColl+".CreateItem", 0, props, s, true).Store(&item, &prompt); err != nil {
		return fmt.Errorf("keyring: store the secret: %w", err)
	}
	if prompt != noPrompt && prompt != "" {
		return ErrLocked
	}
	return nil
}
