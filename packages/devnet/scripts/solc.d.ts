// solc-js ships no type declarations; this is the part scripts/compile.ts uses.
declare module 'solc' {
  const solc: {
    version(): string
    compile(input: string, callbacks?: { import: (path: string) => { contents: string } | { error: string } }): string
  }
  export default solc
}
