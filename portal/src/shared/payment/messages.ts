/** The payment messages customers see, one per failure (the API's problem types map to them). */
export const paymentMessages = {
  success: 'Payment completed successfully!',
  captureFailed: 'Payment failed. Please try again.',
  providerError: 'Payment error occurred. Please try again.',
  cancelled: 'Payment cancelled',
  scriptFailed: 'Failed to load the PayPal JS SDK script.',
  noApprovalLink: 'Issue in paypal',
} as const;
