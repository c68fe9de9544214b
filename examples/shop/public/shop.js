// The shop's page: makes an order on the shop's server (which creates the Paylink link), then opens
// the checkout over this page with Paylink's /embed.js. The order counts as paid only when the
// shop's server has the signed webhook: the `paid` message here is for the page, not proof.
const config = await (await fetch('/config')).json()
document.getElementById('price').textContent = config.priceLabel

await new Promise((resolve, reject) => {
  const script = document.createElement('script')
  script.src = `${config.paylinkUrl}/embed.js`
  script.onload = resolve
  script.onerror = () => reject(new Error(`Could not load ${script.src}`))
  document.head.append(script)
})

const buy = document.getElementById('buy')
const said = document.getElementById('checkout-event')
const orderStatus = document.getElementById('order-status')
buy.disabled = false

async function followOrder(id) {
  for (;;) {
    const order = await (await fetch(`/orders/${id}`)).json()
    orderStatus.textContent = `Order ${id}: ${order.status}`
    if (order.status === 'paid') return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

// Busy, not disabled, while the order is made: a disabled button would drop the focus that
// embed.js gives back to it when the checkout closes.
let busy = false
buy.addEventListener('click', async () => {
  if (busy) return
  busy = true
  buy.setAttribute('aria-busy', 'true')
  const done = () => {
    busy = false
    buy.removeAttribute('aria-busy')
  }
  try {
    const response = await fetch('/orders', { method: 'POST' })
    const order = await response.json()
    if (response.status !== 201) throw new Error(order.error)
    orderStatus.textContent = `Order ${order.id}: ${order.status}`
    window.Paylink.open(order.linkId, {
      onPaid: () => {
        said.textContent = 'The checkout says: paid'
        void followOrder(order.id)
      },
      onExpired: () => (said.textContent = 'The checkout says: expired'),
      onClose: () => {
        if (!said.textContent) said.textContent = 'The checkout was closed'
        done()
      },
    })
  } catch (error) {
    orderStatus.textContent = `Could not start the payment: ${error.message}`
    done()
  }
})
