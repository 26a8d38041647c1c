/** Finds `selector` under `root` (and `root` itself), each element once per `bound` set. */
export function unbound<E extends Element>(root: ParentNode, selector: string, bound: WeakSet<Element>): E[] {
  const found = [...root.querySelectorAll<E>(selector)];
  if (root instanceof Element && root.matches(selector)) found.unshift(root as E);
  return found.filter((element) => {
    if (bound.has(element)) return false;
    bound.add(element);
    return true;
  });
}
