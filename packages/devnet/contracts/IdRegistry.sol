// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title IdRegistry (devnet stand-in)
/// @notice The part of Farcaster's IdRegistry that Sign in with Farcaster reads: which custody
///         address owns which fid. Same function and event signatures as Farcaster's contract.
/// @dev Farcaster's contracts are not published on npm with their bytecode, so this minimal
///      stand-in is compiled here. The devnet puts its runtime code at Farcaster's canonical
///      address with anvil_setCode, which runs no constructor: it holds no constructor state.
///      Registering goes straight to the registry (no IdGateway, no fee, no signatures).
contract IdRegistry {
    uint256 public idCounter;

    mapping(address owner => uint256 fid) public idOf;
    mapping(uint256 fid => address custody) public custodyOf;

    event Register(address indexed to, uint256 indexed id, address recovery);

    error HasId();

    /// @notice Registers a new fid with msg.sender as its custody address.
    function register(address recovery) external returns (uint256 fid) {
        if (idOf[msg.sender] != 0) revert HasId();
        fid = ++idCounter;
        idOf[msg.sender] = fid;
        custodyOf[fid] = msg.sender;
        emit Register(msg.sender, fid, recovery);
    }
}
