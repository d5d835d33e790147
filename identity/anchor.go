package identity

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kin-companion/kin/store/diary"
	"github.com/kin-companion/kin/store/identity"
)

// AnchorType is the diary entry type of a signed head.
const AnchorType = "anchor"

// Anchor is the payload of an anchor entry: the wallet's signature of the diary's head
// as it was just before the anchor, so the anchor entry at Seq+1 pins entries 1..Seq.
type Anchor struct {
	Agent     string `json:"agent"`
	Seq       uint64 `json:"seq"`
	Head      string `json:"head"`
	Address   string `json:"address"`
	Signature string `json:"signature"`
}

// AnchorMessage is the text signed for the head of agent's diary: plain lines, so a
// wallet that shows it before signing shows what it means.
func AnchorMessage(agent string, head diary.Head) string {
	return fmt.Sprintf("kin diary anchor\nagent: %s\nentry: %d\nhead: %s", agent, head.Seq, head.Hash)
}

// SignHead signs head with the key of address in w and returns the anchor to record.
func SignHead(w *Wallet, address, passphrase, agent string, head diary.Head) (Anchor, error) {
	addr, err := identity.CheckAddress(address)
	if err != nil {
		return Anchor{}, err
	}
	sig, err := w.Sign(addr, passphrase, []byte(AnchorMessage(agent, head)))
	if err != nil {
		return Anchor{}, err
	}
	return Anchor{Agent: agent, Seq: head.Seq, Head: head.Hash, Address: addr, Signature: sig}, nil
}

// CheckAnchor checks anchor entry e of an already hash-verified chain: it must follow
// the head it signs (e.Prev is that head's hash) and its signature must be its
// address's. It returns the anchor.
func CheckAnchor(e *diary.Entry) (Anchor, error) {
	var a Anchor
	if err := json.Unmarshal(e.Payload, &a); err != nil {
		return a, fmt.Errorf("entry %d is an anchor that cannot be read: %w", e.Seq, err)
	}
	if a.Seq+1 != e.Seq || a.Head != e.Prev {
		return a, fmt.Errorf("entry %d is an anchor for entry %d (%.12s…), but it follows entry %d (%.12s…): it was moved or copied", e.Seq, a.Seq, a.Head, e.Seq-1, e.Prev)
	}
	if err := VerifyMessage([]byte(AnchorMessage(a.Agent, diary.Head{Seq: a.Seq, Hash: a.Head})), a.Signature, a.Address); err != nil {
		return a, fmt.Errorf("entry %d: the signature of entries 1 to %d does not check out: %w", e.Seq, a.Seq, err)
	}
	return a, nil
}

// AnchorReport collects the anchors of a chain walked in order.
type AnchorReport struct {
	Address    string   // when set, every anchor must be signed by this address
	Anchors    []Anchor // the anchors that checked out, oldest first
	SignedUpTo uint64   // the last entry pinned by a signature (0: none)
	Entries    uint64   // entries seen
}

// ErrWrongSigner is wrapped when an anchor was signed by another address than the one
// asked for.
var ErrWrongSigner = errors.New("identity: signed by another wallet")

// Add takes the next entry of the chain; anchors are checked with [CheckAnchor].
func (r *AnchorReport) Add(e *diary.Entry) error {
	r.Entries = e.Seq
	if e.Type != AnchorType {
		return nil
	}
	a, err := CheckAnchor(e)
	if err != nil {
		return err
	}
	if r.Address != "" {
		want, err := identity.CheckAddress(r.Address)
		if err != nil {
			return err
		}
		if a.Address != want {
			return fmt.Errorf("%w: entry %d was signed by %s, not %s", ErrWrongSigner, e.Seq, a.Address, want)
		}
	}
	r.Anchors = append(r.Anchors, a)
	r.SignedUpTo = a.Seq
	return nil
}

// VerifyExport verifies a diary exported with `kin diary show --json`: the hash chain
// from entry 1, then every anchor; with address, every anchor must be that wallet's and
// there must be at least one. Entries after the last anchor are intact as a chain but
// not pinned by a signature: the report says up to which entry the history is signed.
func VerifyExport(entries []diary.Entry, address string) (AnchorReport, error) {
	r := AnchorReport{Address: address}
	var v diary.Verifier
	for i := range entries {
		if err := v.Check(entries[i].Seq, &entries[i]); err != nil {
			return r, err
		}
		if err := r.Add(&entries[i]); err != nil {
			return r, err
		}
	}
	if address != "" && len(r.Anchors) == 0 {
		return r, fmt.Errorf("%w: the diary holds no signature by %s (sign it with `kin diary sign`)", ErrBadSignature, address)
	}
	return r, nil
}
