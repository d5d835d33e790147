package store

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// Role says who wrote a transcript message.
type Role string

// The roles of transcript messages.
const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
	RoleTool      Role = "tool"
)

// Message is one stored message of a conversation.
type Message struct {
	Seq          uint64    `json:"seq"`
	Conversation string    `json:"conversation"`
	Role         Role      `json:"role"`
	Text         string    `json:"text"`
	Time         time.Time `json:"time"`
}

// Conversation summarises a stored conversation.
type Conversation struct {
	ID           string    `json:"id"`
	Started      time.Time `json:"started"`
	Updated      time.Time `json:"updated"`
	Messages     int       `json:"messages"`
	UserTurns    int       `json:"userTurns"`
	Ended        bool      `json:"ended"`
	Consolidated bool      `json:"consolidated"`
}

const (
	prefixMsg   = "tx/m/"
	prefixIndex = "tx/c/"
	prefixConv  = "tx/v/"
)

func convKey(id string) []byte            { return []byte(prefixConv + id) }
func indexPrefix(id string) string        { return prefixIndex + id + "/" }
func indexKey(id string, s uint64) []byte { return seqKey(indexPrefix(id), s) }

// Transcripts stores every user, assistant and tool message per conversation.
type Transcripts struct {
	db  *DB
	mu  sync.Mutex
	seq uint64
}

func (t *Transcripts) load() error {
	return t.db.view("load transcripts", func(txn *badger.Txn) error {
		t.seq = lastSeq(txn, prefixMsg)
		return nil
	})
}

// CheckConversationID reports whether id can name a conversation: 1–128 bytes, no '/'
// and no control characters.
func CheckConversationID(id string) error {
	if id == "" || len(id) > 128 || strings.ContainsFunc(id, func(r rune) bool { return r == '/' || r < ' ' || r == 0x7f }) {
		return fmt.Errorf("%w conversation id %q", ErrInvalid, id)
	}
	return nil
}

// Append stores a message of conversation conv; a new conversation starts with its first
// message, and a message to an ended conversation reopens it.
func (t *Transcripts) Append(conv string, role Role, text string) (Message, error) {
	if err := CheckConversationID(conv); err != nil {
		return Message{}, err
	}
	if !slices.Contains([]Role{RoleUser, RoleAssistant, RoleTool}, role) {
		return Message{}, fmt.Errorf("%w role %q (want user, assistant or tool)", ErrInvalid, role)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	m := Message{Seq: t.seq + 1, Conversation: conv, Role: role, Text: text, Time: t.db.now()}
	err := t.db.update("append message", func(txn *badger.Txn) error {
		c, err := getConversation(txn, conv)
		if errors.Is(err, ErrNotFound) {
			c = Conversation{ID: conv, Started: m.Time}
		} else if err != nil {
			return err
		}
		c.Updated, c.Ended, c.Consolidated = m.Time, false, false
		c.Messages++
		if role == RoleUser {
			c.UserTurns++
		}
		if err := setJSON(txn, seqKey(prefixMsg, m.Seq), &m); err != nil {
			return err
		}
		if err := txn.Set(indexKey(conv, m.Seq), nil); err != nil {
			return err
		}
		return setJSON(txn, convKey(conv), &c)
	})
	if err != nil {
		return Message{}, err
	}
	t.seq = m.Seq
	return m, nil
}

func getConversation(txn *badger.Txn, id string) (Conversation, error) {
	var c Conversation
	err := getJSON(txn, convKey(id), &c)
	if errors.Is(err, badger.ErrKeyNotFound) {
		return c, fmt.Errorf("%w: conversation %q", ErrNotFound, id)
	}
	return c, err
}

// Conversation returns the summary of conversation id.
func (t *Transcripts) Conversation(id string) (Conversation, error) {
	var c Conversation
	err := t.db.view("read conversation", func(txn *badger.Txn) (err error) {
		c, err = getConversation(txn, id)
		return err
	})
	return c, err
}

// Recent returns the last n messages of conversation conv, oldest first; conv "" means
// across all conversations (the context for a reconnect or the next session's greeting).
func (t *Transcripts) Recent(conv string, n int) ([]Message, error) {
	if n <= 0 {
		return nil, nil
	}
	prefix := prefixMsg
	if conv != "" {
		prefix = indexPrefix(conv)
	}
	var out []Message
	err := t.db.view("read transcript", func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Reverse: true, Prefix: []byte(prefix)})
		defer it.Close()
		for it.Seek(seqKey(prefix, ^uint64(0))); it.Valid() && len(out) < n; it.Next() {
			key := seqKey(prefixMsg, keySeq(it.Item().Key()))
			var m Message
			if err := getJSON(txn, key, &m); err != nil {
				return fmt.Errorf("message %d: %w", keySeq(key), err)
			}
			out = append(out, m)
		}
		return nil
	})
	slices.Reverse(out)
	return out, err
}

// End marks conversation id as ended (idle timeout or quit) and returns its summary.
func (t *Transcripts) End(id string) (Conversation, error) {
	return t.modify(id, func(c *Conversation) { c.Ended = true })
}

// MarkConsolidated records that conversation id's facts have been extracted.
func (t *Transcripts) MarkConsolidated(id string) error {
	_, err := t.modify(id, func(c *Conversation) { c.Consolidated = true })
	return err
}

func (t *Transcripts) modify(id string, fn func(*Conversation)) (Conversation, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	var c Conversation
	err := t.db.update("update conversation", func(txn *badger.Txn) (err error) {
		if c, err = getConversation(txn, id); err != nil {
			return err
		}
		fn(&c)
		return setJSON(txn, convKey(id), &c)
	})
	return c, err
}

// Conversations returns every conversation summary, in id order.
func (t *Transcripts) Conversations() ([]Conversation, error) {
	var out []Conversation
	err := t.db.view("list conversations", func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{PrefetchValues: true, Prefix: []byte(prefixConv)})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			var c Conversation
			if err := it.Item().Value(func(b []byte) error { return decodeJSON(it.Item().Key(), b, &c) }); err != nil {
				return err
			}
			out = append(out, c)
		}
		return nil
	})
	return out, err
}
