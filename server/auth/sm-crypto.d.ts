// sm-crypto 0.5.8 ships no type declarations and @types/sm-crypto stops at 0.3.x (it lacks
// getPublicKeyFromPrivateKey and verifyPublicKey): the part of its sm2 API the server uses.
declare module 'sm-crypto' {
  /** 0: C1C2C3 (what Saber and SpringBlade use), 1: C1C3C2. */
  type CipherMode = 0 | 1

  interface Sm2 {
    /** privateKey: 64 hex; publicKey: '04' + x + y, 130 hex. */
    generateKeyPairHex(): { privateKey: string; publicKey: string }
    getPublicKeyFromPrivateKey(privateKey: string): string
    /** True when the hex (uncompressed or compressed) is a point of the curve. */
    verifyPublicKey(publicKey: string): boolean
    /** True when two public keys (either encoding) are the same point. */
    comparePublicKeyHex(a: string, b: string): boolean
    /** Hex ciphertext whose C1 has no '04' prefix. */
    doEncrypt(msg: string, publicKey: string, cipherMode?: CipherMode): string
    /** The UTF-8 plain text, or '' when the C3 check fails. Expects C1 without the '04' prefix. */
    doDecrypt(encryptData: string, privateKey: string, cipherMode?: CipherMode): string
  }

  const smCrypto: { sm2: Sm2 }
  export default smCrypto
}
