// Puts text on the clipboard. The Clipboard API exists only on secure pages (HTTPS, localhost);
// a self-hosted server reached over plain HTTP on a LAN address has none, so there the older
// copy command is tried. Answers whether the text was copied.
export async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard !== undefined) {
    try {
      await navigator.clipboard.writeText(text)
      return true
    } catch {
      // refused (no permission, page not focused): try the older way
    }
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  let copied = false
  try {
    copied = document.execCommand('copy')
  } catch {
    copied = false
  }
  area.remove()
  return copied
}
