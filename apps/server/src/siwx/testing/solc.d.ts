// solc-js ships no type declarations; this is the part compileTestSmartAccount.ts uses.
declare module 'solc' {
  const solc: {
    version(): string
    compile(input: string): string
  }
  export default solc
}
