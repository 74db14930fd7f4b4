/** Sends the browser to a payment provider's hosted page (a full page load, leaving the app). */
export function goToHostedPage(url: string): void {
  window.location.assign(url);
}
