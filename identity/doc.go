// Package identity gives the agent a verifiable identity on top of its passport
// (package store/identity): a wallet whose secp256k1 key is kept encrypted in the Web3
// Secret Storage format ([Wallet]), EIP-191 personal_sign signatures that any Ethereum
// library verifies ([SignMessage], [VerifyMessage]), and diary anchors — signatures of
// the diary's head hash recorded in the diary itself ([Anchor], [CheckAnchor],
// [VerifyExport]) — so that a third party holding an export of the diary and the
// wallet address can check that its history was not rewritten.
//
// The on-chain part lives beside it: package identity/erc8004 registers the agent in an
// ERC-8004 Identity Registry and package identity/ipfs stores the registration bundle
// on IPFS and loads ipfs:// URIs through a gateway.
//
// Keys: a private key exists in memory only while a signature or transaction is made;
// on disk it is always encrypted with the passphrase (scrypt + AES-128-CTR, as go-ethereum
// and other wallets write it). No function of this package logs, records or returns a
// private key or a passphrase, and no error message contains one.
package identity
