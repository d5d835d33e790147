// Package data holds kin's tools that read structured text the model has
// in hand: parse_json checks a JSON document and picks values out of it
// with an RFC 9535 JSONPath query, and parse_csv turns comma-, tab- or
// semicolon-separated text into row objects keyed by its header.
//
// Both tools only read the text they are given: they are low risk,
// read-only and safe to run alongside other calls. Their input and output
// are capped ([Config]); when a result is cut, a note says so and how to
// ask for less. Errors point at the place in the text that is wrong, by
// line and column.
//
// JSONPath queries are parsed and run by github.com/theory/jsonpath, a
// complete RFC 9535 implementation. Matches that come from a wildcard, a
// descendant segment or a filter are listed in the order of their
// normalized paths (object members by name, array items by index), because
// a decoded JSON object does not keep its members' order.
//
// [Tools] builds the family from a [Config].
package data
