package desktop

import (
	"strings"
	"sync"
	"testing"

	"github.com/godbus/dbus/v5"
)

// notifyCall is one Notify call as the server received it.
type notifyCall struct {
	app, title, body string
	urgency          byte
	timeout          int32
}

// notifyServer is a freedesktop notification server on the test bus that
// records the calls it gets.
type notifyServer struct {
	mu    sync.Mutex
	calls []notifyCall
}

// Notify implements org.freedesktop.Notifications.Notify.
func (s *notifyServer) Notify(app string, replaces uint32, icon, summary, body string,
	actions []string, hints map[string]dbus.Variant, timeout int32) (uint32, *dbus.Error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, _ := hints["urgency"].Value().(byte)
	s.calls = append(s.calls, notifyCall{app, summary, body, u, timeout})
	return uint32(len(s.calls)), nil
}

// startNotifyServer exports a notifyServer on the test bus until cleanup.
func startNotifyServer(t *testing.T, addr string) *notifyServer {
	t.Helper()
	conn, err := dbus.Connect(addr)
	if err != nil {
		t.Fatalf("connect to the test bus: %v", err)
	}
	t.Cleanup(func() { conn.Close() })
	s := &notifyServer{}
	if err := conn.Export(s, notifyPath, notifyService); err != nil {
		t.Fatal(err)
	}
	r, err := conn.RequestName(notifyService, dbus.NameFlagDoNotQueue)
	if err != nil || r != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("own %s: %v (reply %d)", notifyService, err, r)
	}
	return s
}

func TestNotifyNoServer(t *testing.T) {
	d := New(Config{BusAddress: needBus(t)})
	_, err := call(t, d, "notify", `{"title":"t","body":"b"}`)
	if err == nil || !strings.Contains(err.Error(), "no notification server is running") {
		t.Fatalf("error %v, want one saying no notification server runs", err)
	}
}

func TestNotify(t *testing.T) {
	addr := needBus(t)
	srv := startNotifyServer(t, addr)
	d := New(Config{BusAddress: addr})
	tests := []struct {
		args string
		want notifyCall
	}{
		{`{"title":"Done","body":"The build finished."}`, notifyCall{"kin", "Done", "The build finished.", 1, -1}},
		{`{"title":"Hey","body":"","urgency":"critical"}`, notifyCall{"kin", "Hey", "", 2, -1}},
		{`{"title":"Low","body":"b","urgency":"low"}`, notifyCall{"kin", "Low", "b", 0, -1}},
	}
	for i, tt := range tests {
		r := mustCall(t, d, "notify", tt.args)
		srv.mu.Lock()
		if len(srv.calls) != i+1 || srv.calls[i] != tt.want {
			t.Errorf("after %s the server has %+v, want call %d %+v (result %q)", tt.args, srv.calls, i, tt.want, r.Text)
		}
		srv.mu.Unlock()
	}
}

func TestNotifyRefuses(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		args string
		want string
	}{
		{"no title", Config{BusAddress: "unix:path=/nonexistent"}, `{"body":"b"}`, "title argument is missing"},
		{"bad urgency", Config{BusAddress: "unix:path=/nonexistent"}, `{"title":"t","body":"b","urgency":"max"}`, "urgency must be low, normal or critical"},
		{"bus gone", Config{BusAddress: "unix:path=" + t.TempDir() + "/bus"}, `{"title":"t","body":"b"}`, "could not connect to the D-Bus session bus"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := call(t, New(tt.cfg), "notify", tt.args)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestNoSessionBus(t *testing.T) {
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "")
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	_, err := call(t, New(Config{}), "notify", `{"title":"t","body":"b"}`)
	if err == nil || !strings.Contains(err.Error(), "no D-Bus session bus") {
		t.Fatalf("error %v, want one saying there is no session bus", err)
	}
}
