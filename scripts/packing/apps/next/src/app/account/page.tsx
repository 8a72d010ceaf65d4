// A server component: the elements render on the server as plain tags, upgraded in the browser.
export default function AccountPage() {
  return (
    <main>
      <appkit-account-button balance="hide" />
      <appkit-network-button />
    </main>
  )
}
