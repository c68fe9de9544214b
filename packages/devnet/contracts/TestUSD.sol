// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice "Test USD" for the local devnet: a 6-decimal stablecoin stand-in.
/// @dev Anyone may mint: it only ever lives on a throwaway local chain, and tests and the
///      demo need to top up balances without a privileged key.
contract TestUSD is ERC20 {
    constructor(address[] memory holders, uint256 amountEach) ERC20("Test USD", "TUSD") {
        for (uint256 i = 0; i < holders.length; i++) {
            _mint(holders[i], amountEach);
        }
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
