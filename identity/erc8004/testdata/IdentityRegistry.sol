// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IdentityRegistry: a small registry following the ERC-8004 Identity Registry
/// interface (register, setAgentURI, metadata, the Registered/URIUpdated/MetadataSet
/// events and the ERC-721 ownership calls), written for kin's tests. Each agent is an
/// ERC-721 token whose id is the agentId and whose tokenURI is the agent URI.
/// Transfers and approvals are left out: kin only registers and reads.
contract IdentityRegistry {
    struct MetadataEntry {
        string metadataKey;
        bytes metadataValue;
    }

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Registered(uint256 indexed agentId, string agentURI, address indexed owner);
    event URIUpdated(uint256 indexed agentId, string newURI, address indexed updatedBy);
    event MetadataSet(uint256 indexed agentId, string indexed indexedMetadataKey, string metadataKey, bytes metadataValue);

    uint256 private _next;
    mapping(uint256 => address) private _owners;
    mapping(address => uint256) private _balances;
    mapping(uint256 => string) private _uris;
    mapping(uint256 => mapping(string => bytes)) private _metadata;

    function name() external pure returns (string memory) { return "AgentIdentity"; }
    function symbol() external pure returns (string memory) { return "AGENT"; }

    function register() external returns (uint256 agentId) {
        return _register("", new MetadataEntry[](0));
    }

    function register(string calldata agentURI) external returns (uint256 agentId) {
        return _register(agentURI, new MetadataEntry[](0));
    }

    function register(string calldata agentURI, MetadataEntry[] calldata metadata) external returns (uint256 agentId) {
        return _register(agentURI, metadata);
    }

    function setAgentURI(uint256 agentId, string calldata newURI) external {
        require(_owners[agentId] == msg.sender, "IdentityRegistry: not the owner");
        _uris[agentId] = newURI;
        emit URIUpdated(agentId, newURI, msg.sender);
    }

    function setMetadata(uint256 agentId, string calldata metadataKey, bytes calldata metadataValue) external {
        require(_owners[agentId] == msg.sender, "IdentityRegistry: not the owner");
        _setMetadata(agentId, metadataKey, metadataValue);
    }

    function getMetadata(uint256 agentId, string calldata metadataKey) external view returns (bytes memory) {
        return _metadata[agentId][metadataKey];
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        require(_owners[tokenId] != address(0), "IdentityRegistry: no such agent");
        return _uris[tokenId];
    }

    function ownerOf(uint256 tokenId) external view returns (address) {
        address owner = _owners[tokenId];
        require(owner != address(0), "IdentityRegistry: no such agent");
        return owner;
    }

    function balanceOf(address owner) external view returns (uint256) {
        require(owner != address(0), "IdentityRegistry: zero address");
        return _balances[owner];
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 || id == 0x80ac58cd || id == 0x5b5e139f;
    }

    function _register(string memory agentURI, MetadataEntry[] memory metadata) private returns (uint256 agentId) {
        require(bytes(agentURI).length <= 2048, "IdentityRegistry: agent URI too long");
        agentId = _next++;
        _owners[agentId] = msg.sender;
        _balances[msg.sender] += 1;
        _uris[agentId] = agentURI;
        emit Transfer(address(0), msg.sender, agentId);
        for (uint256 i = 0; i < metadata.length; i++) {
            _setMetadata(agentId, metadata[i].metadataKey, metadata[i].metadataValue);
        }
        emit Registered(agentId, agentURI, msg.sender);
    }

    function _setMetadata(uint256 agentId, string memory key, bytes memory value) private {
        _metadata[agentId][key] = value;
        emit MetadataSet(agentId, key, key, value);
    }
}
