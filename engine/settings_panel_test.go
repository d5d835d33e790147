package engine

import (
	"errors"
	"image"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"testing"
)

// fakeSettings is an in-memory settings file for the panel.
type fakeSettings struct {
	rows  []SettingRow
	saved map[string]string
}

func newFakeSettings() *fakeSettings {
	return &fakeSettings{saved: map[string]string{}, rows: []SettingRow{
		{Key: "name", Label: "name", Value: "Ada"},
		{Key: "persona", Label: "persona", Value: "Warm, brief, a little dry; loves the sea and old maps."},
		{Key: "character", Label: "character", Value: "/home/ada/characters/ada.vrm"},
		{Key: "provider", Label: "provider", Kind: RowChoice, Choices: []string{"", "anthropic", "openai", "ollama"}, Value: "anthropic",
			Help: "language model provider: anthropic, openai, gemini, ollama, lmstudio or none"},
		{Key: "model", Label: "model", Value: "claude-sonnet-4-5"},
		{Key: "voice", Label: "voice", Kind: RowChoice, Choices: []string{"", "openai-realtime", "cascade", "off"}},
		{Key: "voiceName", Label: "voiceName", Value: "alloy"},
		{Key: "wakeWord", Label: "wakeWord", Value: "hey-ada"},
		{Key: "talkKey", Label: "talkKey", Value: "F9"},
		{Key: "micMuted", Label: "micMuted", Kind: RowToggle, Value: "false"},
		{Key: "roots", Label: "roots", Value: "~/Documents, ~/Projects"},
		{Key: "mode", Label: "mode", Kind: RowChoice, Choices: []string{"", "window", "overlay", "desktop"}, Value: "window"},
		{Key: "fps", Label: "fps", Kind: RowNumber, Value: "30"},
	}}
}

func (f *fakeSettings) Rows() []SettingRow { return append([]SettingRow(nil), f.rows...) }

func (f *fakeSettings) Set(key, value string) (bool, error) {
	if key == "fps" && value == "999" {
		return false, errors.New("config.yaml: fps 999 must be between 1 and 240")
	}
	for i := range f.rows {
		if f.rows[i].Key == key {
			f.rows[i].Value = value
		}
	}
	f.saved[key] = value
	return key == "voiceName", nil
}

func panelGame(t *testing.T, src SettingsSource) *Game {
	t.Helper()
	u, err := newUI()
	if err != nil {
		t.Fatal(err)
	}
	return &Game{ui: u, opts: Options{Settings: src}}
}

// TestGoldenSettingsPanel draws the panel with a selected row, and again
// while a row is edited and after a failed change.
func TestGoldenSettingsPanel(t *testing.T) {
	g := panelGame(t, newFakeSettings())
	g.openSettings()
	g.set.sel = 3
	checkGolden(t, "settings-panel", grab(640, 480, desk, g.drawSettings))
	g.set.sel = 4
	g.activateSetting(1) // start typing into model
	g.set.buf = append(g.set.buf[:0], []rune("gpt-4o")...)
	g.changeSetting("fps", "999")
	g.set.editing = true
	checkGolden(t, "settings-panel-edit", grab(640, 260, desk, g.drawSettings))
}

// TestSettingsPanelChanges: toggles and choices step and save, the frame
// rate and the microphone apply at once, an error is shown.
func TestSettingsPanelChanges(t *testing.T) {
	src := newFakeSettings()
	g := panelGame(t, src)
	var muted []bool
	g.opts.Mute = func(on bool) { muted = append(muted, on) }
	g.openSettings()
	at := func(key string) int {
		for i, r := range g.set.rows {
			if r.Key == key {
				return i
			}
		}
		t.Fatalf("no row %s", key)
		return -1
	}
	g.set.sel = at("provider")
	g.activateSetting(1)
	if src.saved["provider"] != "openai" {
		t.Errorf("provider stepped to %q", src.saved["provider"])
	}
	g.activateSetting(-1)
	g.activateSetting(-1)
	if src.saved["provider"] != "" {
		t.Errorf("provider stepped back to %q, want the default", src.saved["provider"])
	}
	g.set.sel = at("micMuted")
	g.activateSetting(1)
	if !g.muted || len(muted) != 1 || !muted[0] || src.saved["micMuted"] != "true" {
		t.Errorf("mute: %v %v %q", g.muted, muted, src.saved["micMuted"])
	}
	g.changeSetting("fps", "24")
	if g.opts.FPS != 24 || g.set.status != "Saved and applied." {
		t.Errorf("fps: %d %q", g.opts.FPS, g.set.status)
	}
	g.changeSetting("wakeWord", "hey-kin")
	if g.set.status != "Saved; it takes effect at the next start." {
		t.Errorf("wake word: %q", g.set.status)
	}
	g.changeSetting("voiceName", "coral")
	if g.set.status != "Saved and applied." {
		t.Errorf("voice name: %q", g.set.status)
	}
	g.changeSetting("fps", "999")
	if !g.set.failed || g.opts.FPS != 24 {
		t.Errorf("a refused value: failed %v, fps %d", g.set.failed, g.opts.FPS)
	}
	g.set.sel = at("talkKey")
	g.activateSetting(1)
	if !g.set.editing || string(g.set.buf) != "F9" {
		t.Errorf("text row: editing %v %q", g.set.editing, string(g.set.buf))
	}
}

// TestSettingsPanelLayout keeps the selected row in view in a small window.
func TestSettingsPanelLayout(t *testing.T) {
	g := panelGame(t, newFakeSettings())
	g.openSettings()
	g.set.sel = len(g.set.rows) - 1
	fit := g.set.layout(300, 200, 1)
	if fit >= len(g.set.rows) || g.set.top+fit <= g.set.sel || g.set.top > g.set.sel {
		t.Errorf("fit %d, top %d, sel %d", fit, g.set.top, g.set.sel)
	}
	y := g.set.at.Min.Y + setHeadH + setRowH/2 + (g.set.sel-g.set.top)*setRowH
	if i := g.set.rowAt(image.Pt(g.set.at.Min.X+20, y), 1); i != g.set.sel {
		t.Errorf("rowAt = %d, want %d", i, g.set.sel)
	}
}

// BenchmarkSettingsPanelDraw is the CPU cost of a frame with the panel open.
func BenchmarkSettingsPanelDraw(b *testing.B) {
	u, err := newUI()
	if err != nil {
		b.Fatal(err)
	}
	g := &Game{ui: u, opts: Options{Settings: newFakeSettings()}}
	g.openSettings()
	dst := ebiten.NewImage(640, 480)
	defer dst.Deallocate()
	for b.Loop() {
		g.drawSettings(dst)
	}
}

// actingSettings is a settings file whose wake word row records and tests.
type actingSettings struct {
	*fakeSettings
	asked []string
	fail  error
}

func (a *actingSettings) Rows() []SettingRow {
	rows := a.fakeSettings.Rows()
	for i := range rows {
		if rows[i].Key == "wakeWord" {
			rows[i].Actions = []string{"Record", "Test"}
		}
	}
	return rows
}

func (a *actingSettings) Act(key, action string, progress func(string)) (string, error) {
	a.asked = append(a.asked, key+" "+action)
	progress("take 1/3: say it…")
	return "Saved " + key + ".", a.fail
}

// TestGoldenSettingsPanelWake draws the wake word row's Record and Test
// buttons while a recording runs.
func TestGoldenSettingsPanelWake(t *testing.T) {
	g := panelGame(t, &actingSettings{fakeSettings: newFakeSettings()})
	g.openSettings()
	g.set.sel, g.set.acting, g.set.status = 7, true, `Take 2 of 3: say "hey-ada"…`
	checkGolden(t, "settings-panel-wake", grab(640, 480, desk, g.drawSettings))
}

// TestSettingsPanelActions: the wake word row shows its Record and Test
// buttons; an action runs off the game loop, and what it says at the end
// (or its error) becomes the panel's status; R is Record's key.
func TestSettingsPanelActions(t *testing.T) {
	src := &actingSettings{fakeSettings: newFakeSettings()}
	g := panelGame(t, src)
	g.openSettings()
	g.set.sel = 7
	grab(640, 480, desk, g.drawSettings)
	b := g.set.buttons
	if len(b) != 2 || b[1].action != "Record" || b[0].action != "Test" || b[1].row != 7 || b[1].at.Empty() || b[1].at.Max.X > b[0].at.Min.X {
		t.Fatalf("buttons %+v, want Record then Test on the wake word row", g.set.buttons)
	}
	if k, ok := actionKey("Record"); !ok || k != ebiten.KeyR {
		t.Errorf("Record's key is %v, want R", k)
	}
	wait := func() {
		for g.set.acting {
			time.Sleep(5 * time.Millisecond)
			g.pollActions()
		}
	}
	g.startAction(7, "Record")
	wait()
	if g.set.status != "Saved wakeWord." || g.set.failed || len(src.asked) != 1 || src.asked[0] != "wakeWord Record" {
		t.Errorf("after Record: status %q failed %v, asked %v", g.set.status, g.set.failed, src.asked)
	}
	src.fail = errors.New("no microphone")
	g.startAction(7, "Test")
	wait()
	if g.set.status != "no microphone" || !g.set.failed {
		t.Errorf("after a failed Test: status %q failed %v", g.set.status, g.set.failed)
	}
}

// savedButFailing saves every change and still reports it failed, as the
// window's source does for a speaker that is not there.
type savedButFailing struct{ *fakeSettings }

func (f savedButFailing) Set(key, value string) (bool, error) {
	f.fakeSettings.Set(key, value)
	return false, errors.New(`Saved. No speaker "Studio" here; playing on the default.`)
}

// TestSettingsPanelSavedButFailed: a change saved that could not apply shows
// its sentence, and its row shows the value saved.
func TestSettingsPanelSavedButFailed(t *testing.T) {
	g := panelGame(t, savedButFailing{newFakeSettings()})
	g.openSettings()
	g.changeSetting("model", "Studio")
	if !g.set.failed || g.set.status != `Saved. No speaker "Studio" here; playing on the default.` {
		t.Errorf("status %q failed %v", g.set.status, g.set.failed)
	}
	for _, r := range g.set.rows {
		if r.Key == "model" && r.Value != "Studio" {
			t.Errorf("the row shows %q, not the value saved", r.Value)
		}
	}
}
