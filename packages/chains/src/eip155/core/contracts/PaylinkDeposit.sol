// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

/// @notice The minimal part of ERC-20 a forwarder uses.
interface IERC20Balance {
    function balanceOf(address account) external view returns (uint256);
}

/// @title PaylinkForwarder: one Paylink option's deposit address.
/// @notice What it CAN do: hold native coin and tokens sent to it, and send its WHOLE native
///         balance and its WHOLE balance of the tokens named in `flush` to `recipient`, the one
///         address fixed at creation (immutable, part of the CREATE2 address).
///         What it CANNOT do: send anything anywhere else, send part of a balance, call any other
///         contract than the named tokens' `balanceOf`/`transfer`, change its recipient, be
///         upgraded or destroyed. It has no owner and no other function.
/// @dev    Anyone may call `flush`: funds can only reach the recipient, so the caller only pays gas.
///         A token whose `transfer` fails (or returns false) reverts the whole flush: nothing moves.
contract PaylinkForwarder {
    address payable public immutable recipient;

    constructor(address payable recipient_) {
        recipient = recipient_;
    }

    /// @dev Plain transfers are accepted and kept (cheap: payers' wallets send a 2300-gas stipend
    ///      at times); the next `flush` forwards them.
    receive() external payable {}

    function flush(address[] calldata tokens) external {
        uint256 native = address(this).balance;
        if (native > 0) {
            (bool sent, ) = recipient.call{value: native}("");
            require(sent, "PaylinkForwarder: native transfer failed");
        }
        for (uint256 i = 0; i < tokens.length; i++) {
            uint256 amount = IERC20Balance(tokens[i]).balanceOf(address(this));
            if (amount == 0) continue;
            // transfer(recipient, amount); tokens that return nothing (USDT) are accepted.
            (bool ok, bytes memory data) = tokens[i].call(abi.encodeWithSelector(0xa9059cbb, recipient, amount));
            require(ok && (data.length == 0 || abi.decode(data, (bool))), "PaylinkForwarder: token transfer failed");
        }
    }
}

/// @title PaylinkDepositFactory: deposit addresses for Paylink options, and their collection.
/// @notice What it CAN do: tell the CREATE2 address of the forwarder for (recipient, salt), and in
///         `collect` deploy each missing forwarder and flush every one (native coin + the named
///         tokens) to its own recipient, in one transaction. Anyone may call it: every forwarder
///         pays only the recipient fixed in its address.
///         What it CANNOT do: hold funds, redirect funds, or act on a forwarder except through
///         its `flush`. It has no owner, no storage and no other function.
/// @dev    Deployed through the deterministic-deployment proxy (0x4e59b448...4956C, salt 0), so it
///         has the same address on every chain.
contract PaylinkDepositFactory {
    function depositAddress(address payable recipient, bytes32 salt) public view returns (address) {
        bytes32 initCodeHash = keccak256(abi.encodePacked(type(PaylinkForwarder).creationCode, abi.encode(recipient)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, initCodeHash)))));
    }

    function collect(address payable[] calldata recipients, bytes32[] calldata salts, address[] calldata tokens) external {
        require(recipients.length == salts.length, "PaylinkDepositFactory: recipients and salts differ in length");
        for (uint256 i = 0; i < recipients.length; i++) {
            address deposit = depositAddress(recipients[i], salts[i]);
            // A forwarder collected before is flushed again (late payments).
            if (deposit.code.length == 0) new PaylinkForwarder{salt: salts[i]}(recipients[i]);
            PaylinkForwarder(payable(deposit)).flush(tokens);
        }
    }
}
