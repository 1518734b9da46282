// The products the e2e counts scan, added to the tenant's catalog first: a SKU the device's product
// list lacks asks the counter before it is counted (and is marked unknown), which those flows are not about.
import { call } from './http.ts'

export async function addShelfProducts(
  baseUrl: string,
  token: string,
  skus: string[],
): Promise<void> {
  for (const skuNo of skus) {
    const r = await call(baseUrl, 'POST', '/api/product/product/submit', {
      token,
      json: { skuNo, productName: skuNo, productIsMix: 0, productQuantity: 0, productPrice: 0 },
    })
    if (r.status !== 200) throw new Error(`product ${skuNo}: ${JSON.stringify(r.body)}`)
  }
}
