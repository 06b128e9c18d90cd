/**
 * How far anything on the page reaches past the screen's right edge, in CSS pixels (0 when it all
 * fits), and the element that reaches furthest: the page's own scroll width, and every visible
 * element that no box of its own clips or scrolls (a table scrolling inside its box is fine; a page
 * that fits only because the shell clips it is not). Runs in the page, so it takes nothing from
 * this module's scope.
 */
export const sidewaysScroll = (): { readonly overflow: number; readonly culprit: string } => {
  const width = document.documentElement.clientWidth
  let overflow = document.documentElement.scrollWidth - width
  let culprit = overflow > 0 ? "the page itself" : ""
  const describe = (element: Element) => {
    const classes = Array.from(element.classList)
      .filter((name) => !name.startsWith("m_"))
      .slice(0, 3)
    const label = element.getAttribute("aria-label")
    const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 80)
    return `<${element.tagName.toLowerCase()}${classes.length > 0 ? ` class="${classes.join(" ")}"` : ""}${label ? ` aria-label="${label}"` : ""}> "${text}"`
  }
  for (const element of Array.from(document.body.querySelectorAll("*"))) {
    const box = element.getBoundingClientRect()
    if (box.width === 0 || box.height === 0 || box.right <= width) continue
    let inBox = false
    for (
      let parent = element.parentElement;
      parent && parent !== document.body;
      parent = parent.parentElement
    ) {
      if (getComputedStyle(parent).overflowX !== "visible") {
        inBox = true
        break
      }
    }
    const reach = Math.ceil(box.right - width)
    // The outermost element at the furthest reach names the culprit (its children reach as far).
    if (!inBox && reach > overflow) {
      overflow = reach
      culprit = describe(element)
    }
  }
  return { overflow: Math.max(overflow, 0), culprit }
}
