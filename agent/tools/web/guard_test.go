package web

import (
	"errors"
	"net/netip"
	"net/url"
	"testing"
)

func TestCheckAddr(t *testing.T) {
	tests := []struct {
		addr     string
		loopback bool // AllowLoopback
		ok       bool
	}{
		{"93.184.215.14", false, true},
		{"8.8.8.8", false, true},
		{"2606:4700:4700::1111", false, true},
		{"127.0.0.1", false, false},
		{"127.1.2.3", false, false},
		{"::1", false, false},
		{"10.0.0.1", false, false},
		{"172.16.5.4", false, false},
		{"172.31.255.255", false, false},
		{"192.168.1.1", false, false},
		{"169.254.169.254", false, false},
		{"100.64.0.1", false, false},
		{"100.127.255.254", false, false},
		{"0.0.0.0", false, false},
		{"0.1.2.3", false, false},
		{"::", false, false},
		{"fe80::1", false, false},
		{"fc00::1", false, false},
		{"fd12:3456::1", false, false},
		{"fec0::1", false, false},
		{"224.0.0.1", false, false},
		{"239.255.255.250", false, false},
		{"ff02::1", false, false},
		{"255.255.255.255", false, false},
		{"198.18.0.1", false, false},
		{"192.0.2.1", false, false},
		{"::ffff:127.0.0.1", false, false},
		{"::ffff:10.0.0.1", false, false},
		{"::ffff:8.8.8.8", false, true},
		{"64:ff9b::a00:1", false, false},    // NAT64 of 10.0.0.1
		{"64:ff9b::808:808", false, true},   // NAT64 of 8.8.8.8
		{"2002:a9fe:a9fe::1", false, false}, // 6to4 of 169.254.169.254
		{"2002:808:808::1", false, true},    // 6to4 of 8.8.8.8
		{"fe80::1%eth0", false, false},
		{"127.0.0.1", true, true},
		{"::1", true, true},
		{"10.0.0.1", true, false},
		{"169.254.169.254", true, false},
		{"192.168.1.1", true, false},
	}
	for _, tt := range tests {
		g := &guard{allowLoopback: tt.loopback}
		err := g.checkAddr(netip.MustParseAddr(tt.addr))
		if (err == nil) != tt.ok {
			t.Errorf("checkAddr(%s, loopback=%v) = %v, want ok=%v", tt.addr, tt.loopback, err, tt.ok)
		}
		if err != nil && !errors.Is(err, ErrLocalAddress) {
			t.Errorf("checkAddr(%s) = %v, not ErrLocalAddress", tt.addr, err)
		}
	}
}

func TestCheckURL(t *testing.T) {
	g := &guard{allow: map[string]bool{"127.0.0.1:8888": true}}
	tests := []struct {
		raw string
		ok  bool
	}{
		{"https://example.com/a", true},
		{"http://example.com:8080/", true},
		{"http://localhost/", true}, // host names are checked when dialled
		{"http://10.0.0.1/", false},
		{"http://[::1]:80/", false},
		{"http://[fe80::1%25eth0]/", false},
		{"http://127.0.0.1:8888/search", true}, // a configured service
		{"http://127.0.0.1:8889/", false},
		{"file:///etc/passwd", false},
		{"ftp://example.com/", false},
		{"gopher://example.com/", false},
		{"http:///nohost", false},
	}
	for _, tt := range tests {
		u, err := url.Parse(tt.raw)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.checkURL(u); (err == nil) != tt.ok {
			t.Errorf("checkURL(%s) = %v, want ok=%v", tt.raw, err, tt.ok)
		}
	}
}

func TestControlRefusesOtherNetworks(t *testing.T) {
	g := &guard{}
	if err := g.control("udp4", "8.8.8.8:53", nil); err == nil {
		t.Error("udp allowed")
	}
	if err := g.control("tcp4", "8.8.8.8:443", nil); err != nil {
		t.Errorf("public tcp refused: %v", err)
	}
	if err := g.control("tcp6", "[::1]:443", nil); !errors.Is(err, ErrLocalAddress) {
		t.Errorf("loopback tcp6 = %v", err)
	}
}
