/** Spec 2.1: Internet Explorer's user agents (the banner's code loads only for them). */
export function isInternetExplorer(userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent) {
  return /MSIE |Trident\//.test(userAgent);
}
