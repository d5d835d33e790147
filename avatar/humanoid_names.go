package avatar

import (
	"cmp"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// HumanoidFromNames maps node names (in node order) onto canonical bones for
// files without VRM humanBones. It knows these conventions:
//
//	Mixamo / Ready Player Me  Hips Spine Spine1 Spine2 Neck Head LeftArm LeftForeArm
//	                          LeftUpLeg LeftLeg LeftToeBase LeftHandThumb1..3 LeftHandPinky1..3,
//	                          with or without a "mixamorig:" / "mixamorig1:" prefix
//	VRoid                     J_Bip_C_Hips J_Bip_C_UpperChest J_Bip_L_UpperArm J_Bip_L_Index1
//	Blender / Rigify          upper_arm.L forearm.L hand.L thigh.L shin.L foot.L toe.L
//	                          thumb.01.L f_index.01.L, spine spine.001 …, DEF-/ORG- prefixes
//	VRM-style                 hips upperChest leftUpperArm leftThumbMetacarpal
//	Unreal                    pelvis spine_01 clavicle_l upperarm_l calf_l index_01_l
//
// Each name is normalised: anything up to the last ':', '|' or '/' is
// dropped, known prefixes (mixamorig, J_Bip_, J_Adj_, DEF-, ORG-, Bip01) are
// stripped, a side marker (Left/Right/L_/R_/.L/_R/" L"…) is split off, and
// the rest is compared case-insensitively with separators removed. Names are
// never guessed: "Skeleton_torso_joint_1" or "b_Hip_01" stay unmapped, as do
// end bones (HeadTop_End) and twist bones (upper_arm.L.001).
//
// Numbered chains are ordered by number: the spine chain fills spine, chest,
// upperChest (Spine, Spine1, Spine2 or spine_01…03); each finger chain fills
// its three bones from the palm out (Thumb1..3, Index1..3; a fourth "end"
// bone is ignored). A Rigify chain of seven spine bones without a hips bone
// maps spine→hips … spine.004→neck, spine.006→head. Mixamo's "Leg" is the
// lower leg and "Arm" the upper arm. For duplicates the first name in node
// order wins, except that a DEF- (or unprefixed) bone beats an ORG- bone.
func HumanoidFromNames(names []string) Humanoid {
	var m nameMatcher
	for i, name := range names {
		m.add(i, name)
	}
	return m.resolve()
}

// nameCand is one node that may fill a bone or a chain slot.
type nameCand struct {
	node, ord, rank int
	metacarpal      bool
}

// better reports whether c should replace a previous candidate p.
func (c nameCand) better(p nameCand) bool { return c.rank < p.rank }

// chainKey names a numbered chain: "spine", "neck", or a finger with a side.
type chainKey struct{ side, part string }

// nameMatcher collects candidates as names arrive in node order.
type nameMatcher struct {
	bones  map[Bone]nameCand
	chains map[chainKey][]nameCand
}

var centerAliases = map[string]Bone{
	"hips": BoneHips, "hip": BoneHips, "pelvis": BoneHips,
	"chest": BoneChest, "upperchest": BoneUpperChest,
	"head": BoneHead, "jaw": BoneJaw,
}

var sideAliases = map[string]string{
	"shoulder": "Shoulder", "clavicle": "Shoulder",
	"upperarm": "UpperArm", "arm": "UpperArm", "uparm": "UpperArm",
	"lowerarm": "LowerArm", "forearm": "LowerArm", "elbow": "LowerArm",
	"hand": "Hand", "wrist": "Hand",
	"upperleg": "UpperLeg", "upleg": "UpperLeg", "thigh": "UpperLeg",
	"lowerleg": "LowerLeg", "leg": "LowerLeg", "shin": "LowerLeg", "calf": "LowerLeg",
	"foot": "Foot", "ankle": "Foot",
	"toes": "Toes", "toe": "Toes", "toebase": "Toes", "ball": "Toes",
	"eye": "Eye", "faceeye": "Eye",
}

var fingerAliases = map[string]string{
	"thumb": "Thumb", "handthumb": "Thumb", "thumbfinger": "Thumb",
	"index": "Index", "handindex": "Index", "indexfinger": "Index", "findex": "Index",
	"middle": "Middle", "handmiddle": "Middle", "middlefinger": "Middle", "fmiddle": "Middle",
	"ring": "Ring", "handring": "Ring", "ringfinger": "Ring", "fring": "Ring",
	"little": "Little", "handlittle": "Little", "littlefinger": "Little",
	"pinky": "Little", "handpinky": "Little", "pinkyfinger": "Little", "fpinky": "Little",
}

var centerChains = map[string]bool{"spine": true, "neck": true}

// ordinalWords order finger bones named by position rather than number.
var ordinalWords = []struct {
	word string
	ord  int
}{{"metacarpal", 0}, {"proximal", 1}, {"intermediate", 2}, {"distal", 3}}

func (m *nameMatcher) add(node int, name string) {
	base, rank, ok := stripPrefixes(name)
	if !ok {
		return
	}
	side, rest := splitSide(base)
	key, ord, meta := splitOrdinal(squash(rest))
	c := nameCand{node: node, ord: ord, rank: rank, metacarpal: meta}
	switch {
	case side == "" && centerChains[key]:
		m.addChain(chainKey{part: key}, c)
	case side == "" && ord == -1 && centerAliases[key] != "":
		m.addBone(centerAliases[key], c)
	case side != "" && fingerAliases[key] != "":
		m.addChain(chainKey{side: side, part: fingerAliases[key]}, c)
	case side != "" && ord == -1 && sideAliases[key] != "":
		m.addBone(Bone(side+sideAliases[key]), c)
	}
}

func (m *nameMatcher) addBone(b Bone, c nameCand) {
	if m.bones == nil {
		m.bones = map[Bone]nameCand{}
	}
	if p, ok := m.bones[b]; !ok || c.better(p) {
		m.bones[b] = c
	}
}

func (m *nameMatcher) addChain(k chainKey, c nameCand) {
	if m.chains == nil {
		m.chains = map[chainKey][]nameCand{}
	}
	m.chains[k] = append(m.chains[k], c)
}

func (m *nameMatcher) resolve() Humanoid {
	h := Humanoid{}
	for b, c := range m.bones {
		h[b] = c.node
	}
	keys := slices.SortedFunc(maps.Keys(m.chains), func(a, b chainKey) int {
		return cmp.Or(cmp.Compare(a.part, b.part), cmp.Compare(a.side, b.side))
	})
	for _, k := range keys {
		cands := orderChain(m.chains[k])
		fillChain(h, chainSlots(h, k, len(cands)), cands, k.part != "Thumb")
	}
	return h
}

// orderChain sorts candidates by ordinal, keeping the best per ordinal.
func orderChain(cands []nameCand) []nameCand {
	s := slices.Clone(cands)
	slices.SortStableFunc(s, func(a, b nameCand) int {
		return cmp.Or(cmp.Compare(a.ord, b.ord), cmp.Compare(a.rank, b.rank), cmp.Compare(a.node, b.node))
	})
	return slices.CompactFunc(s, func(a, b nameCand) bool { return a.ord == b.ord })
}

// chainSlots returns the bones a chain of n ordered nodes fills ("" skips).
func chainSlots(h Humanoid, k chainKey, n int) []Bone {
	switch k.part {
	case "spine":
		if h.Node(BoneHips) < 0 && n >= 7 { // Rigify: spine is the hips
			return []Bone{BoneHips, BoneSpine, BoneChest, BoneUpperChest, BoneNeck, "", BoneHead}
		}
		return []Bone{BoneSpine, BoneChest, BoneUpperChest}
	case "neck":
		return []Bone{BoneNeck}
	case "Thumb":
		return []Bone{Bone(k.side + "ThumbMetacarpal"), Bone(k.side + "ThumbProximal"), Bone(k.side + "ThumbDistal")}
	}
	p := k.side + k.part
	return []Bone{Bone(p + "Proximal"), Bone(p + "Intermediate"), Bone(p + "Distal")}
}

// fillChain assigns ordered nodes to slots that no explicit name took.
// Fingers other than the thumb have no metacarpal bone in VRM, so skipMeta
// drops a node named "metacarpal" there.
func fillChain(h Humanoid, slots []Bone, cands []nameCand, skipMeta bool) {
	i := 0
	for _, c := range cands {
		if c.metacarpal && skipMeta {
			continue
		}
		if i >= len(slots) {
			return
		}
		if b := slots[i]; b != "" && h.Node(b) < 0 {
			h[b] = c.node
		}
		i++
	}
}

// stripPrefixes drops namespaces and rig prefixes. rank is 1 for ORG-
// and J_Adj_ bones, which a plain or DEF- bone of the same name beats; ok
// is false for mechanism (MCH-) bones.
func stripPrefixes(name string) (base string, rank int, ok bool) {
	if i := strings.LastIndexAny(name, ":|/"); i >= 0 {
		name = name[i+1:]
	}
	for {
		l := strings.ToLower(name)
		switch {
		case strings.HasPrefix(l, "mch-"):
			return "", 0, false
		case strings.HasPrefix(l, "mixamorig"):
			name = strings.TrimLeft(name[len("mixamorig"):], "0123456789_")
		case strings.HasPrefix(l, "org-"):
			name, rank = name[4:], 1
		case strings.HasPrefix(l, "j_adj_"):
			name, rank = name[6:], 1
		case hasAnyPrefix(l, "def-", "def_"):
			name = name[4:]
		case strings.HasPrefix(l, "j_bip_"):
			name = name[6:]
		case hasAnyPrefix(l, "bip01 ", "bip01_", "bip001 ", "bip001_"):
			name = name[strings.IndexAny(name, " _")+1:]
		default:
			return name, rank, name != ""
		}
	}
}

func hasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// splitSide returns "left", "right" or "" and the name without the marker.
// A "C_" (centre) marker is dropped.
func splitSide(name string) (side, rest string) {
	l := strings.ToLower(name)
	for _, s := range [...]string{"left", "right"} {
		if len(l) > len(s) && strings.HasPrefix(l, s) {
			return s, name[len(s):]
		}
		for _, sep := range [...]string{"_", ".", " ", "-"} {
			for _, mark := range [...]string{s[:1], s} {
				if strings.HasPrefix(l, mark+sep) && len(l) > len(mark)+1 {
					return s, name[len(mark)+1:]
				}
				if strings.HasSuffix(l, sep+mark) && len(l) > len(mark)+1 {
					return s, name[:len(name)-len(mark)-1]
				}
			}
		}
	}
	if strings.HasPrefix(l, "c_") {
		return "", name[2:]
	}
	return "", name
}

// squash lowercases s and removes separators.
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '_', '.', ' ', '-':
			return -1
		}
		return r
	}, strings.ToLower(s))
}

// splitOrdinal splits a trailing number or position word off key: ord is
// -1 when there is none, and meta reports the word "metacarpal".
func splitOrdinal(key string) (base string, ord int, meta bool) {
	if t := strings.TrimRight(key, "0123456789"); t != key && t != "" {
		n, err := strconv.Atoi(key[len(t):])
		if err == nil {
			return t, n, false
		}
	}
	for _, w := range ordinalWords {
		if t, ok := strings.CutSuffix(key, w.word); ok && t != "" {
			return t, w.ord, w.ord == 0
		}
	}
	return key, -1, false
}
