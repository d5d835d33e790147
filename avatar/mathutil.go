package avatar

import (
	"fmt"
	"math"
	"reflect"
)

func sincos32(a float32) (float32, float32) {
	s, c := math.Sincos(float64(a))
	return float32(s), float32(c)
}

// flatten turns accessor data (scalars or fixed-size arrays of float32 or
// normalised integers) into a flat float32 slice.
func flatten(data any) ([]float32, error) {
	v := reflect.ValueOf(data)
	if v.Kind() != reflect.Slice {
		return nil, fmt.Errorf("unexpected accessor data %T", data)
	}
	var out []float32
	for i := 0; i < v.Len(); i++ {
		e := v.Index(i)
		if e.Kind() != reflect.Array {
			f, err := component(e)
			if err != nil {
				return nil, err
			}
			out = append(out, f)
			continue
		}
		for k := 0; k < e.Len(); k++ {
			f, err := component(e.Index(k))
			if err != nil {
				return nil, err
			}
			out = append(out, f)
		}
	}
	return out, nil
}

// component converts one accessor component, denormalising integers as the
// glTF specification defines.
func component(v reflect.Value) (float32, error) {
	switch v.Kind() {
	case reflect.Float32:
		return float32(v.Float()), nil
	case reflect.Int8:
		return max(float32(v.Int())/127, -1), nil
	case reflect.Uint8:
		return float32(v.Uint()) / 255, nil
	case reflect.Int16:
		return max(float32(v.Int())/32767, -1), nil
	case reflect.Uint16:
		return float32(v.Uint()) / 65535, nil
	}
	return 0, fmt.Errorf("unsupported component type %s", v.Type())
}
