// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

/// @title PaylinkCollector: automatic renewals of Paylink subscriptions, from the payer's wallet to the merchant's.
/// @notice The payer calls `subscribe` with the terms (token, merchant, the most per period, the period,
///         the first time a renewal may be taken, and the one address allowed to trigger renewals) and
///         approves this contract an ERC-20 allowance.
///         What it CAN do: in `collect`, called by that subscription's collector only, move at most
///         `amount` of `token` from the payer straight to the merchant, once per `interval`, from
///         `nextCollectAt` on, while the payer has not canceled.
///         What it CANNOT do: send funds anywhere but the subscription's merchant (the caller, the
///         collector, never receives anything: it pays gas only), take more than the cap, take twice in
///         one period, take back periods it missed, change a subscription's terms, act after `cancel`.
///         It holds no funds, has no owner, and cannot be upgraded.
/// @dev    Revoking the allowance also stops every renewal. Deployed through the deterministic-deployment
///         proxy (salt 0), so it has the same address on every chain.
contract PaylinkCollector {
    struct Subscription {
        address payer;
        address token;
        address merchant;
        address collector;
        uint256 amount;
        uint64 interval;
        uint64 nextCollectAt;
        bool canceled;
    }

    mapping(bytes32 => Subscription) public subscriptions;

    event Subscribed(
        bytes32 indexed id,
        address indexed payer,
        address token,
        address merchant,
        address collector,
        uint256 amount,
        uint64 interval,
        uint64 nextCollectAt
    );
    event Collected(bytes32 indexed id, uint256 amount, uint64 periodStart);
    event Canceled(bytes32 indexed id);

    /// @dev An id is taken once, by its first payer: terms never change afterwards.
    function subscribe(
        bytes32 id,
        address token,
        address merchant,
        address collector,
        uint256 amount,
        uint64 interval,
        uint64 firstCollectAt
    ) external {
        require(subscriptions[id].payer == address(0), "PaylinkCollector: id taken");
        require(token != address(0) && merchant != address(0) && collector != address(0), "PaylinkCollector: zero address");
        require(amount > 0 && interval > 0, "PaylinkCollector: zero amount or interval");
        subscriptions[id] = Subscription(msg.sender, token, merchant, collector, amount, interval, firstCollectAt, false);
        emit Subscribed(id, msg.sender, token, merchant, collector, amount, interval, firstCollectAt);
    }

    /// @notice Stops every future renewal of `id`; only its payer can.
    function cancel(bytes32 id) external {
        require(subscriptions[id].payer == msg.sender, "PaylinkCollector: not the payer");
        subscriptions[id].canceled = true;
        emit Canceled(id);
    }

    /// @notice Moves `amount` from the payer to `to`, which must be the merchant, for the period due now.
    function collect(bytes32 id, address to, uint256 amount) external {
        Subscription storage s = subscriptions[id];
        require(s.payer != address(0), "PaylinkCollector: no such subscription");
        require(msg.sender == s.collector, "PaylinkCollector: not the collector");
        require(!s.canceled, "PaylinkCollector: canceled");
        require(to == s.merchant, "PaylinkCollector: not the merchant");
        require(amount > 0 && amount <= s.amount, "PaylinkCollector: above the cap");
        uint64 periodStart = s.nextCollectAt;
        require(block.timestamp >= periodStart, "PaylinkCollector: period not due");
        uint64 next = periodStart + s.interval;
        // A late collector skips the periods it missed instead of taking them all at once.
        if (next <= block.timestamp) next = uint64(block.timestamp) + s.interval;
        s.nextCollectAt = next;
        // transferFrom(payer, merchant, amount); tokens that return nothing (USDT) are accepted.
        (bool ok, bytes memory data) = s.token.call(abi.encodeWithSelector(0x23b872dd, s.payer, s.merchant, amount));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "PaylinkCollector: transfer failed");
        emit Collected(id, amount, periodStart);
    }
}
