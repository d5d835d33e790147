package attach

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestConverse(t *testing.T) {
	s, c := serve(t, &fake{})
	var out, errb bytes.Buffer
	in := strings.NewReader("hello kin\n\nfail\nbye")
	if err := c.Converse(context.Background(), in, &out, &errb); err != nil {
		t.Fatal(err)
	}
	if out.String() != "hello kin \nbye \n" || errb.String() != "kin: the model refused\n" {
		t.Errorf("stdout %q, stderr %q", out.String(), errb.String())
	}
	s.Close()
	if err := c.Converse(context.Background(), strings.NewReader("anyone?\n"), &out, &errb); err == nil {
		t.Error("Converse with no running kin returned no error")
	}
}
