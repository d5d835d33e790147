//go:build !cgo || !linux

package avatar

import "image"

// jpegTurbo reports whether JPEGs are decoded by libjpeg-turbo.
const jpegTurbo = false

// decodeJPEG is the Linux cgo build's libjpeg-turbo decoder; elsewhere every
// JPEG is left to image/jpeg, at full size.
func decodeJPEG(data []byte, w, h int) (img *image.RGBA, ok bool, err error) {
	return nil, false, nil
}
