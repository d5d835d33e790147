// Package erc8004 registers an agent in an ERC-8004 Identity Registry: it builds the
// registration file ([File]), stores the bundle (registration file, character model,
// manifest) on IPFS through an ipfs.Store ([Publish]), and calls the registry's
// register(agentURI), waiting until the transaction is mined and reading the agentId
// from the Registered event ([Register]). The agent is then addressable as
// agent://{chain}/{agentId}.
//
// Only the registry's register(string), Registered, tokenURI and ownerOf are used
// (registry.abi.json, embedded). testdata/ holds a registry contract following the
// ERC-8004 interface, its Solidity source, the script that compiled it with solc from
// npm, and the bytecode and ABI it produced; the tests deploy it on go-ethereum's
// simulated backend.
package erc8004
