// Package ipfs stores files on IPFS and loads them back verified.
//
// CIDs are computed here the way `ipfs add --cid-version=1 --raw-leaves
// --chunker=size-262144` (kubo) and js-ipfs-unixfs-importer's defaults compute them,
// so they match what a node returns: a file of at most 256 KiB is one raw block, CIDv1
// with the raw codec (bafkrei…); a larger file is cut into 256 KiB raw leaves joined by
// UnixFS file nodes in dag-pb, at most 174 links each, in the balanced layout (CIDv1
// dag-pb, bafybei…). Every CID uses SHA2-256 and is written in base32.
//
// [Node] adds files through a node's RPC (/api/v0/add) and checks the CID it returns;
// [PinningService] asks a service speaking the IPFS Pinning Service API to pin a CID;
// [Both] does the two. [Gateway] loads ipfs://CID/path URIs block by block from a
// gateway (the trustless ?format=raw responses), checking every block against its CID,
// so a gateway cannot change what it serves.
//
// CIDs are parsed and written by this package (CIDv0 in base58btc, CIDv1 in base32 or
// base58btc; SHA2-256 and identity hashes) rather than with go-cid and go-multihash,
// which would bring eight modules for the two encodings kin meets.
package ipfs
