// Package identity is the agent's passport and wallet link: the [Passport] record and
// the Ethereum address checks ([CheckAddress], [ChecksumAddress], EIP-55). Package store
// keeps the passport in Badger; this package does no I/O.
package identity
