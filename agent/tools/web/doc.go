// Package web holds kin's tools that reach the web: web_fetch, read_page,
// page_metadata, extract_links and http_fetch read pages and talk to web
// services; web_search asks a SearXNG instance or the Brave Search API;
// get_location and get_weather say where the user is and what the weather
// is like there (Open-Meteo, no key needed).
//
// Every fetch goes through one guard (guard.go): only http and https, at
// most five redirects, and each connection's address checked when it is
// dialled, so neither a link, a redirect nor DNS rebinding can make kin
// reach the user's own machine, local network or a cloud metadata service.
// The search and weather services named in [Config] are the exception: the
// user chose them, so a SearXNG instance on the local network works.
//
// Downloads are capped (5 MB read, about 20,000 characters returned, with a
// note when cut), text is decoded from its declared or sniffed charset, and
// binary content is refused. Pages come back as text for the model; kin's
// runtime screens them for prompt injection, these tools return them as
// they are.
//
// [Tools] builds the family from a [Config].
package web
