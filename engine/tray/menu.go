package tray

import (
	"sync"

	"github.com/godbus/dbus/v5"
	"github.com/godbus/dbus/v5/prop"
)

const menuIface = "com.canonical.dbusmenu"

// menu serves the tray's menu over com.canonical.dbusmenu: a root (id 0)
// whose children are the items, ids 1…n.
type menu struct {
	conn     *dbus.Conn
	mu       sync.Mutex
	items    []Item
	revision uint32
}

func newMenu(conn *dbus.Conn, items []Item) *menu {
	return &menu{conn: conn, items: append([]Item(nil), items...), revision: 1}
}

// layout is a dbusmenu node: id, properties, children (as variants).
type layout struct {
	ID       int32
	Props    map[string]dbus.Variant
	Children []dbus.Variant
}

func (m *menu) export() error {
	if err := m.conn.Export(m, menuPath, menuIface); err != nil {
		return err
	}
	ro := func(v any) *prop.Prop { return &prop.Prop{Value: v, Emit: prop.EmitFalse} }
	_, err := prop.Export(m.conn, menuPath, prop.Map{menuIface: {
		"Version": ro(uint32(3)), "TextDirection": ro("ltr"), "Status": ro("normal"), "IconThemePath": ro([]string{}),
	}})
	return err
}

// node returns item id's layout (0 is the root with every item).
func (m *menu) node(id int32) layout {
	if id > 0 && int(id) <= len(m.items) {
		return layout{ID: id, Props: m.items[id-1].props(), Children: []dbus.Variant{}}
	}
	root := layout{ID: 0, Props: map[string]dbus.Variant{"children-display": dbus.MakeVariant("submenu")}}
	for i := range m.items {
		root.Children = append(root.Children, dbus.MakeVariant(m.node(int32(i+1))))
	}
	return root
}

// GetLayout returns the menu from parent down.
func (m *menu) GetLayout(parent, depth int32, names []string) (uint32, layout, *dbus.Error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.revision, m.node(parent), nil
}

// GetGroupProperties returns the properties of the given items.
func (m *menu) GetGroupProperties(ids []int32, names []string) ([]struct {
	ID    int32
	Props map[string]dbus.Variant
}, *dbus.Error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []struct {
		ID    int32
		Props map[string]dbus.Variant
	}
	for _, id := range ids {
		n := m.node(id)
		out = append(out, struct {
			ID    int32
			Props map[string]dbus.Variant
		}{n.ID, n.Props})
	}
	return out, nil
}

// GetProperty returns one property of an item.
func (m *menu) GetProperty(id int32, name string) (dbus.Variant, *dbus.Error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if v, ok := m.node(id).Props[name]; ok {
		return v, nil
	}
	return dbus.MakeVariant(""), nil
}

// Event is a click (or hover) on an item; a click runs its action.
func (m *menu) Event(id int32, event string, data dbus.Variant, timestamp uint32) *dbus.Error {
	m.mu.Lock()
	var act func()
	if event == "clicked" && id > 0 && int(id) <= len(m.items) && !m.items[id-1].Disabled {
		act = m.items[id-1].Action
	}
	m.mu.Unlock()
	if act != nil {
		act()
	}
	return nil
}

// EventGroup is several events at once.
func (m *menu) EventGroup(events []struct {
	ID        int32
	Event     string
	Data      dbus.Variant
	Timestamp uint32
}) ([]int32, *dbus.Error) {
	for _, e := range events {
		m.Event(e.ID, e.Event, e.Data, e.Timestamp)
	}
	return []int32{}, nil
}

// AboutToShow says whether the menu changed before it opens: it does not.
func (m *menu) AboutToShow(id int32) (bool, *dbus.Error) { return false, nil }

// AboutToShowGroup is AboutToShow for several items.
func (m *menu) AboutToShowGroup(ids []int32) ([]int32, []int32, *dbus.Error) {
	return []int32{}, []int32{}, nil
}

// setLabel changes an item's label and announces the new layout.
func (m *menu) setLabel(i int, label string) { m.edit(i, func(it *Item) { it.Label = label }) }

// setChecked ticks or clears a checkbox item and announces it.
func (m *menu) setChecked(i int, on bool) { m.edit(i, func(it *Item) { it.Checked = on }) }

// edit changes item i (nothing for an index out of range) and announces
// the new layout.
func (m *menu) edit(i int, change func(*Item)) {
	m.mu.Lock()
	if i < 0 || i >= len(m.items) {
		m.mu.Unlock()
		return
	}
	change(&m.items[i])
	m.changed()
}

// changed bumps the revision and, unlocking m, announces the new layout.
func (m *menu) changed() {
	m.revision++
	rev := m.revision
	m.mu.Unlock()
	m.conn.Emit(menuPath, menuIface+".LayoutUpdated", rev, int32(0))
}

// props are an item's dbusmenu properties: its label, and for a checkbox
// its toggle type and state.
func (it Item) props() map[string]dbus.Variant {
	p := map[string]dbus.Variant{"label": dbus.MakeVariant(it.Label)}
	if it.Toggle {
		state := int32(0)
		if it.Checked {
			state = 1
		}
		p["toggle-type"], p["toggle-state"] = dbus.MakeVariant("checkmark"), dbus.MakeVariant(state)
	}
	if it.Disabled {
		p["enabled"] = dbus.MakeVariant(false)
	}
	return p
}
