package avatar

import (
	"fmt"
	"strings"
)

// Retarget returns a copy of clip, which animates src, rewritten to drive
// dst: each channel's node is matched by canonical humanoid bone when both
// models map one, otherwise by node name (ignoring a "mixamorig:" style
// prefix). Rotations are copied, which is exact for rigs of one family (a
// Mixamo clip on a Ready Player Me avatar); only the hips keep their
// translation, scaled by the ratio of the two rigs' hip heights, so the
// clip cannot stretch dst's bones. Scale and weights channels are dropped.
// An error is returned when no channel matches.
//
// A clip of a VRM animation (src.Format is [FormatVRMA]) is instead carried
// over through both rigs' T-poses, which works across rig families, and
// keeps its expression tracks.
func Retarget(clip *Clip, src, dst *Model) (*Clip, error) {
	if src.Format == FormatVRMA {
		return retargetVRMA(clip, src, dst)
	}
	srcBone := map[int]Bone{}
	for b, n := range src.Humanoid {
		srcBone[n] = b
	}
	byName := map[string]int{}
	for i, n := range dst.Nodes {
		byName[bareName(n.Name)] = i
	}
	out := &Clip{Name: clip.Name, Duration: clip.Duration}
	hipScale := hipRatio(src, dst)
	for _, ch := range clip.Channels {
		target, ok := -1, false
		if b, has := srcBone[ch.Node]; has {
			target, ok = dst.Humanoid[b]
		}
		if !ok {
			target, ok = byName[bareName(src.Nodes[ch.Node].Name)]
		}
		if !ok {
			continue
		}
		isHips := target == dst.Humanoid.Node(BoneHips)
		switch {
		case ch.Path == PathRotation:
		case ch.Path == PathTranslation && isHips:
			ch.Values = scaled(ch.Values, hipScale)
		default:
			continue
		}
		ch.Node = target
		out.Channels = append(out.Channels, ch)
	}
	if len(out.Channels) == 0 {
		return nil, fmt.Errorf("avatar: retarget %q: none of its %d channels matches a bone of %s", clip.Name, len(clip.Channels), dst.Name)
	}
	return out, nil
}

// bareName drops a namespace prefix such as "mixamorig:" or "Armature|".
func bareName(s string) string {
	if i := strings.LastIndexAny(s, ":|"); i >= 0 {
		s = s[i+1:]
	}
	return strings.ToLower(s)
}

// hipRatio compares the hips' rest heights above their parents' origins.
func hipRatio(src, dst *Model) float32 {
	hs, hd := src.Humanoid.Node(BoneHips), dst.Humanoid.Node(BoneHips)
	if hs < 0 || hd < 0 {
		return 1
	}
	a, b := src.Nodes[hs].Rest.T.Len(), dst.Nodes[hd].Rest.T.Len()
	if a < 1e-6 || b < 1e-6 {
		return 1
	}
	return b / a
}

func scaled(v []float32, k float32) []float32 {
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = x * k
	}
	return out
}
