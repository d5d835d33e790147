// Package keyringtest is a Secret Service for tests: it keeps items in
// memory and speaks the real protocol on a real dbus-daemon the test
// starts.
package keyringtest

import (
	"bufio"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
)

const (
	service    = "org.freedesktop.secrets"
	rootPath   = dbus.ObjectPath("/org/freedesktop/secrets")
	defaultCol = dbus.ObjectPath("/org/freedesktop/secrets/aliases/default")
	ifService  = "org.freedesktop.Secret.Service"
	ifColl     = "org.freedesktop.Secret.Collection"
)

// secret is the Secret Service's Secret struct.
type secret struct {
	Session     dbus.ObjectPath
	Parameters  []byte
	Value       []byte
	ContentType string
}

// Len is how many items the keyring holds.
func (f *Service) Len() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.items)
}

// Lock makes every item locked (a locked login keyring).
func (f *Service) Lock() {
	f.mu.Lock()
	f.locked = true
	f.mu.Unlock()
}

// Service is an in-memory Secret Service; see the package doc.
type Service struct {
	mu     sync.Mutex
	items  map[dbus.ObjectPath]item
	locked bool
	n      int
}

type item struct {
	attrs map[string]string
	value []byte
}

func (f *Service) OpenSession(alg string, _ dbus.Variant) (dbus.Variant, dbus.ObjectPath, *dbus.Error) {
	if alg != "plain" {
		return dbus.MakeVariant(""), "/", dbus.NewError("org.freedesktop.DBus.Error.NotSupported", []any{"only plain"})
	}
	return dbus.MakeVariant(""), "/org/freedesktop/secrets/session/1", nil
}

func (f *Service) SearchItems(attrs map[string]string) ([]dbus.ObjectPath, []dbus.ObjectPath, *dbus.Error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var found []dbus.ObjectPath
	for p, it := range f.items {
		match := true
		for k, v := range attrs {
			match = match && it.attrs[k] == v
		}
		if match {
			found = append(found, p)
		}
	}
	if f.locked {
		return nil, found, nil
	}
	return found, nil, nil
}

func (f *Service) Unlock(objs []dbus.ObjectPath) ([]dbus.ObjectPath, dbus.ObjectPath, *dbus.Error) {
	return nil, "/org/freedesktop/secrets/prompt/1", nil // a prompt the user would have to answer
}

func (f *Service) GetSecrets(items []dbus.ObjectPath, session dbus.ObjectPath) (map[dbus.ObjectPath]secret, *dbus.Error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[dbus.ObjectPath]secret{}
	for _, p := range items {
		if it, ok := f.items[p]; ok {
			out[p] = secret{Session: session, Value: it.value, ContentType: "text/plain"}
		}
	}
	return out, nil
}

// collection is the default collection.
type collection struct{ f *Service }

func (c collection) CreateItem(props map[string]dbus.Variant, s secret, replace bool) (dbus.ObjectPath, dbus.ObjectPath, *dbus.Error) {
	f := c.f
	f.mu.Lock()
	defer f.mu.Unlock()
	attrs, _ := props["org.freedesktop.Secret.Item.Attributes"].Value().(map[string]string)
	for p, it := range f.items {
		if replace && fmt.Sprint(it.attrs) == fmt.Sprint(attrs) {
			f.items[p] = item{attrs, s.Value}
			return p, "/", nil
		}
	}
	f.n++
	p := dbus.ObjectPath(fmt.Sprintf("/org/freedesktop/secrets/collection/login/%d", f.n))
	f.items[p] = item{attrs, s.Value}
	return p, "/", nil
}

// StartBus runs a private dbus-daemon for the test and returns its address.
func StartBus(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("dbus-daemon"); err != nil {
		t.Skip("dbus-daemon is not installed (scripts/deps.sh test installs it)")
	}
	cmd := exec.Command("dbus-daemon", "--session", "--print-address", "--nofork")
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line := make(chan string, 1)
	go func() { s, _ := bufio.NewReader(out).ReadString('\n'); line <- strings.TrimSpace(s) }()
	select {
	case addr := <-line:
		return addr
	case <-time.After(10 * time.Second):
		t.Fatal("dbus-daemon did not print its address")
	}
	return ""
}

// Serve puts a new Service on the bus at addr as org.freedesktop.secrets.
func Serve(t testing.TB, addr string) *Service {
	f := &Service{items: map[dbus.ObjectPath]item{}}
	t.Helper()
	conn, err := dbus.Connect(addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	conn.Export(f, rootPath, ifService)
	conn.Export(collection{f}, defaultCol, ifColl)
	if reply, err := conn.RequestName(service, dbus.NameFlagDoNotQueue); err != nil || reply != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("own the name: %v %v", reply, err)
	}
	return f
}
