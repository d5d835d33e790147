// Package meshopt decodes buffer views compressed with the
// EXT_meshopt_compression and KHR_meshopt_compression glTF extensions, the
// format gltfpack writes: the attribute codec (bitstream versions 0 and 1),
// the triangle and index-sequence codecs, and the OCTAHEDRAL, QUATERNION,
// EXPONENTIAL and COLOR filters.
//
// It is pure Go with no dependency on a glTF library: the caller reads the
// extension's JSON and hands [Decode] the compressed bytes, the element
// count and stride, the mode and the filter. Corrupt input gives an error
// wrapping [ErrCorrupt] (or [ErrUnsupported] for a newer bitstream), never a
// panic; [Validate] checks sizes before the caller allocates the output.
package meshopt
