package skill

import "testing"

func TestConstraints(t *testing.T) {
	for _, c := range []struct {
		req     string
		allowed []string
		refused []string
	}{
		{"", []string{"0.0.0", "9.9.9"}, nil},
		{"*", []string{"1.0.0"}, nil},
		{"^1.2", []string{"1.2.0", "1.9.3"}, []string{"1.1.9", "2.0.0"}},
		{"^0.3", []string{"0.3.0", "0.3.7"}, []string{"0.4.0", "0.2.9"}},
		{"^0.0.3", []string{"0.0.3"}, []string{"0.0.4"}},
		{"~1.2", []string{"1.2.0", "1.2.9"}, []string{"1.3.0", "1.1.0"}},
		{">=1.0 <2", []string{"1.0.0", "1.99.0"}, []string{"0.9.9", "2.0.0"}},
		{"1.2.3", []string{"1.2.3", "v1.2.3-beta"}, []string{"1.2.4"}},
		{"=2", []string{"2.0.0"}, []string{"2.0.1"}},
		{"<=1.5 || >=3", []string{"1.5.0", "3.1.0"}, []string{"2.0.0"}},
		{">1.0.0", []string{"1.0.1"}, []string{"1.0.0"}},
	} {
		con, err := ParseConstraint(c.req)
		if err != nil {
			t.Fatalf("%q: %v", c.req, err)
		}
		for _, v := range c.allowed {
			if pv, _ := ParseVersion(v); !con.Allows(pv) {
				t.Errorf("%q refuses %s", c.req, v)
			}
		}
		for _, v := range c.refused {
			if pv, _ := ParseVersion(v); con.Allows(pv) {
				t.Errorf("%q allows %s", c.req, v)
			}
		}
	}
}

func TestBadVersions(t *testing.T) {
	for _, s := range []string{"x", "1.2.3.4", "-1", "1..2", "^", ">=a", "1 ||"} {
		if _, err := ParseConstraint(s); err == nil {
			t.Errorf("ParseConstraint(%q) accepted it", s)
		}
	}
}
