package avatar

import (
	"fmt"
	"maps"
	"slices"

	"github.com/go-gl/mathgl/mgl32"
)

type vrmaDoc struct {
	Humanoid *struct {
		HumanBones map[string]struct {
			Node *int `json:"node"`
		} `json:"humanBones"`
	} `json:"humanoid"`
	Expressions *struct {
		Preset map[string]struct {
			Node *int `json:"node"`
		} `json:"preset"`
		Custom map[string]struct {
			Node *int `json:"node"`
		} `json:"custom"`
	} `json:"expressions"`
	LookAt *struct {
		Node *int `json:"node"`
	} `json:"lookAt"`
}

// readVRMA reads VRMC_vrm_animation: the humanoid map of its skeleton, and
// the expression nodes whose translation x carries an expression's weight,
// which become the clips' Expressions. The look-at track is dropped: kin's
// own gaze keeps the eyes on the user.
func readVRMA(data []byte, m *Model) error {
	var doc vrmaDoc
	if err := decodeField(data, &doc, "VRMC_vrm_animation"); err != nil {
		return err
	}
	bones := map[string]int{}
	if doc.Humanoid != nil {
		for name, hb := range doc.Humanoid.HumanBones {
			bones[name] = optIndexOr(hb.Node, -1)
		}
	}
	m.Humanoid = humanoidFromVRM(bones, m)
	exprs := map[int]string{}
	if e := doc.Expressions; e != nil {
		for _, set := range []map[string]struct {
			Node *int `json:"node"`
		}{e.Preset, e.Custom} {
			for _, name := range slices.Sorted(maps.Keys(set)) {
				exprs[optIndexOr(set[name].Node, -1)] = name
			}
		}
	}
	lookAt := -2
	if doc.LookAt != nil {
		lookAt = optIndexOr(doc.LookAt.Node, -2)
	}
	for _, c := range m.Clips {
		splitExpressions(c, exprs, lookAt)
	}
	return nil
}

// splitExpressions moves the channels of expression nodes into
// c.Expressions and drops the look-at node's channels.
func splitExpressions(c *Clip, exprs map[int]string, lookAt int) {
	kept := c.Channels[:0]
	for _, ch := range c.Channels {
		name, isExpr := exprs[ch.Node]
		switch {
		case isExpr && ch.Path == PathTranslation:
			w := ch
			w.Width, w.Values = 1, make([]float32, len(ch.Values)/3)
			for i := range w.Values {
				w.Values[i] = ch.Values[3*i]
			}
			c.Expressions = append(c.Expressions, ExpressionChannel{Name: name, Channel: w})
		case isExpr:
		case ch.Node == lookAt: // kin's gaze drives the eyes; the track is not played
		default:
			kept = append(kept, ch)
		}
	}
	c.Channels = kept
}

// retargetVRMA carries a VRM animation's clip onto dst as three-vrm does:
// each humanoid rotation becomes a change from the T-pose in world axes
// (from the animation's rest pose), then a local rotation of dst's bone
// (from dst's rest pose); the hips' translation is scaled by the ratio of
// the two hip heights. dst's rest pose is measured after the VRM 0.x turn,
// so a VRM 0.x character plays it facing the camera too. Expression tracks
// that dst has are kept.
func retargetVRMA(clip *Clip, src, dst *Model) (*Clip, error) {
	sp, dp := NewPose(src), NewPose(dst)
	srcBone := map[int]Bone{}
	for b, n := range src.Humanoid {
		srcBone[n] = b
	}
	out := &Clip{Name: clip.Name, Duration: clip.Duration}
	for _, ch := range clip.Channels {
		b, ok := srcBone[ch.Node]
		d := dst.Humanoid.Node(b)
		if !ok || d < 0 {
			continue
		}
		switch {
		case ch.Path == PathRotation:
			ch = vrmaRotation(ch, sp, dp, d, srcBone)
		case ch.Path == PathTranslation && b == BoneHips:
			ch = vrmaHips(ch, sp, dp, d)
		default:
			continue
		}
		ch.Node = d
		out.Channels = append(out.Channels, ch)
	}
	for _, e := range clip.Expressions {
		if dst.Expressions != nil && dst.Expressions.Index(e.Name) >= 0 {
			out.Expressions = append(out.Expressions, e)
		}
	}
	if len(out.Channels) == 0 && len(out.Expressions) == 0 {
		return nil, fmt.Errorf("avatar: VRM animation %q has no bone or expression that %s has", clip.Name, dst.Name)
	}
	return out, nil
}

// vrmaRotation rewrites q as P⁻¹·Pv·q·Wv⁻¹·P·L: Pv and Wv are the rest
// world rotations of the source bone's humanoid parent and of the bone, P
// that of dst's parent node and L dst's rest local rotation.
func vrmaRotation(ch Channel, sp, dp *Pose, d int, srcBone map[int]Bone) Channel {
	src := sp.Model
	pv, par := mgl32.QuatIdent(), src.Nodes[ch.Node].Parent
	if par >= 0 { // the hips' parent, or any bone's parent without a humanoid ancestor
		pv = rotationOf(sp.World[par])
	}
	for a := par; a >= 0; a = src.Nodes[a].Parent {
		if _, ok := srcBone[a]; ok {
			pv = rotationOf(sp.World[a])
			break
		}
	}
	wv := rotationOf(sp.World[ch.Node])
	p := mgl32.QuatIdent()
	if par := dp.Model.Nodes[d].Parent; par >= 0 {
		p = rotationOf(dp.World[par])
	}
	left := p.Inverse().Mul(pv)
	right := wv.Inverse().Mul(p).Mul(dp.Model.Nodes[d].Rest.R)
	vals := make([]float32, len(ch.Values))
	for i := 0; i+4 <= len(vals); i += 4 {
		v := ch.Values[i : i+4]
		q := left.Mul(mgl32.Quat{W: v[3], V: mgl32.Vec3{v[0], v[1], v[2]}}).Mul(right)
		vals[i], vals[i+1], vals[i+2], vals[i+3] = q.V[0], q.V[1], q.V[2], q.W
	}
	ch.Values = vals
	return ch
}

// vrmaHips maps the hips' positions into the animation's world, scales
// them to dst's hip height and back into dst's hips' parent space.
func vrmaHips(ch Channel, sp, dp *Pose, d int) Channel {
	src := sp.Model
	toWorld := mgl32.Ident4()
	if par := src.Nodes[ch.Node].Parent; par >= 0 {
		toWorld = sp.World[par]
	}
	scale := float32(1)
	if sy, dy := sp.World[ch.Node][13], dp.World[d][13]; sy > 1e-4 && dy > 1e-4 {
		scale = dy / sy
	}
	toLocal := mgl32.Ident4()
	if par := dp.Model.Nodes[d].Parent; par >= 0 {
		toLocal = dp.World[par].Inv()
	}
	m := toLocal.Mul4(mgl32.Scale3D(scale, scale, scale)).Mul4(toWorld)
	vals := make([]float32, len(ch.Values))
	cubic := ch.Interp == InterpCubicSpline
	for i := 0; i+3 <= len(vals); i += 3 {
		v := mgl32.Vec3{ch.Values[i], ch.Values[i+1], ch.Values[i+2]}
		var r mgl32.Vec3
		if cubic && (i/3)%3 != 1 { // tangents are directions
			r = m.Mul4x1(v.Vec4(0)).Vec3()
		} else {
			r = mgl32.TransformCoordinate(v, m)
		}
		copy(vals[i:i+3], r[:])
	}
	ch.Values = vals
	return ch
}

// rotationOf returns the rotation of a matrix that may carry scale.
func rotationOf(m mgl32.Mat4) mgl32.Quat {
	var r mgl32.Mat3
	for c := 0; c < 3; c++ {
		col := mgl32.Vec3{m[c*4], m[c*4+1], m[c*4+2]}
		if l := col.Len(); l > 1e-9 {
			col = col.Mul(1 / l)
		}
		r[c*3], r[c*3+1], r[c*3+2] = col[0], col[1], col[2]
	}
	return mgl32.Mat4ToQuat(r.Mat4()).Normalize()
}

// nameVRMAClips names a VRM animation's unnamed clips after its file
// ("wave.vrma" plays as "wave"), so play_clip can find them.
func nameVRMAClips(m *Model) {
	if m.Format != FormatVRMA {
		return
	}
	for i, c := range m.Clips {
		if c.Name != fmt.Sprintf("animation%d", i) {
			continue
		}
		c.Name = m.Name
		if i > 0 {
			c.Name = fmt.Sprintf("%s-%d", m.Name, i+1)
		}
	}
}
