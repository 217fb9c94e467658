/** The specification's payment messages (error catalogue). */
export const paymentMessages = {
  success: 'Payment completed successfully!',
  captureFailed: 'Payment failed. Please try again.',
  providerError: 'Payment error occurred. Please try again.',
  cancelled: 'Payment cancelled',
  scriptFailed: 'Failed to load the PayPal JS SDK script.',
  noApprovalLink: 'Issue in paypal',
} as const;
