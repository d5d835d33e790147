package doctor

import (
	"github.com/kin-companion/kin/avatar"
)

// Examine loads the model at path and reports what kin found in it and
// what to fix. It never panics: a file kin cannot load gives a Report with
// Loadable false whose single error says why in plain words.
func Examine(path string) (r Report) {
	r = newReport(path)
	defer r.finish()
	h, k, herr := readHeader(path)
	hp := &h
	if herr != nil || k == kindUnknown {
		hp = nil
	}
	m, err := avatar.Load(path)
	if err != nil {
		r.loadFailed(path, err, k, herr, hp)
		return r
	}
	r.examine(m, hp)
	return r
}

// ExamineModel reports on a model that is already loaded, such as one
// dropped on the window. Without the file, its glTF extensions are not
// listed; everything else is as [Examine] reports it.
func ExamineModel(m *avatar.Model) Report {
	r := newReport(m.Name)
	r.examine(m, nil)
	r.finish()
	return r
}

// examine runs every check on a loaded model. A panic in one (a model the
// loader let through but kin cannot pose) becomes an error.
func (r *Report) examine(m *avatar.Model, h *header) {
	r.Loadable, r.Format = true, string(m.Format)
	defer func() {
		if p := recover(); p != nil {
			r.add(SevError, AreaFile, "Re-export the model from your 3D program; if that does not help, please report the file to kin's authors.",
				"kin failed while examining the model (%v): it would probably fail to show it too.", p)
		}
	}()
	r.countModel(m)
	r.checkLoaderWarnings(m)
	r.checkShape(m)
	if !r.Shape.Drawable {
		r.checkExtensions(h, m)
		return // bones, face and textures do not matter without a mesh
	}
	r.checkBones(m)
	r.checkExpressions(m)
	r.checkTextures(m, h)
	r.checkBudget()
	r.checkExtensions(h, m)
}
