//go:build cgo && linux

package avatar

/*
#cgo LDFLAGS: -ljpeg
#include <stdio.h>
#include <stdlib.h>
#include <setjmp.h>
#include <jpeglib.h>

struct kin_jerr {
	struct jpeg_error_mgr pub;
	jmp_buf jump;
	char msg[JMSG_LENGTH_MAX];
};

static void kin_error_exit(j_common_ptr c) {
	struct kin_jerr *e = (struct kin_jerr *)c->err;
	(*c->err->format_message)(c, e->msg);
	longjmp(e->jump, 1);
}

// Warnings (corrupt or truncated data) are errors, as Go's decoder has them.
static void kin_emit(j_common_ptr c, int level) {
	if (level < 0) {
		kin_error_exit(c);
	}
}

// kin_jpeg decodes data as RGBA scaled by 1/denom. With pix NULL it only
// reads the header and sets *w and *h to the scaled size. It returns 0 on
// success, 1 on an error (msg set) and 2 for a colour space it does not
// convert to RGB (CMYK, YCCK).
static int kin_jpeg(const unsigned char *data, unsigned long n, int denom,
		unsigned char *pix, int stride, int *w, int *h, char *msg) {
	struct jpeg_decompress_struct d;
	struct kin_jerr e;
	d.err = jpeg_std_error(&e.pub);
	e.pub.error_exit = kin_error_exit;
	e.pub.emit_message = kin_emit;
	e.msg[0] = 0;
	if (setjmp(e.jump)) {
		jpeg_destroy_decompress(&d);
		snprintf(msg, JMSG_LENGTH_MAX, "%s", e.msg);
		return 1;
	}
	jpeg_create_decompress(&d);
	jpeg_mem_src(&d, data, n);
	jpeg_read_header(&d, TRUE);
	switch (d.jpeg_color_space) {
	case JCS_GRAYSCALE: case JCS_RGB: case JCS_YCbCr:
		break;
	default:
		jpeg_destroy_decompress(&d);
		return 2;
	}
	d.out_color_space = JCS_EXT_RGBA;
	d.scale_num = 1;
	d.scale_denom = denom;
	jpeg_calc_output_dimensions(&d);
	*w = d.output_width;
	*h = d.output_height;
	if (pix == NULL) {
		jpeg_destroy_decompress(&d);
		return 0;
	}
	jpeg_start_decompress(&d);
	while (d.output_scanline < d.output_height) {
		JSAMPROW row = pix + (size_t)d.output_scanline * stride;
		jpeg_read_scanlines(&d, &row, 1);
	}
	jpeg_finish_decompress(&d);
	jpeg_destroy_decompress(&d);
	return 0;
}
*/
import "C"

import (
	"errors"
	"image"
	"unsafe"
)

// jpegTurbo reports whether JPEGs are decoded by libjpeg-turbo.
const jpegTurbo = true

// decodeJPEG decodes a JPEG with libjpeg-turbo (several times faster than
// image/jpeg), at 1/2, 1/4 or 1/8 scale in the DCT when that brings a side
// over TextureSide down to it. ok is false for a JPEG it leaves to
// image/jpeg (CMYK).
func decodeJPEG(data []byte, w, h int) (img *image.RGBA, ok bool, err error) {
	if len(data) == 0 {
		return nil, true, errors.New("empty JPEG")
	}
	denom := 1
	for denom < 8 && ((w+denom-1)/denom > TextureSide || (h+denom-1)/denom > TextureSide) {
		denom *= 2
	}
	var msg [C.JMSG_LENGTH_MAX]C.char
	var cw, ch C.int
	src := (*C.uchar)(unsafe.Pointer(&data[0]))
	switch C.kin_jpeg(src, C.ulong(len(data)), C.int(denom), nil, 0, &cw, &ch, &msg[0]) {
	case 1:
		return nil, true, errors.New(C.GoString(&msg[0]))
	case 2:
		return nil, false, nil
	}
	if cw <= 0 || ch <= 0 {
		return nil, true, errors.New("JPEG of no pixels")
	}
	img = image.NewRGBA(image.Rect(0, 0, int(cw), int(ch)))
	pix := (*C.uchar)(unsafe.Pointer(&img.Pix[0]))
	if C.kin_jpeg(src, C.ulong(len(data)), C.int(denom), pix, C.int(img.Stride), &cw, &ch, &msg[0]) != 0 {
		return nil, true, errors.New(C.GoString(&msg[0]))
	}
	return img, true, nil
}
