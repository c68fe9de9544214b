// What the devnet refuses to do (`@paylink/devnet/errors`): the classes live with the devnet faces that throw them.
export { DevnetError, DevnetInUseError, DevnetStateError } from '@paylink/chains/devnet/errors'
