/** Full-page navigation to another site (the payment provider), behind a seam tests can replace. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
