import type { Meta, StoryObj } from '@storybook/react-vite';
import { PasswordField, SelectField, TextAreaField, TextField } from './Field';

/**
 * The portal's shared fields (components/Field.tsx) in each state a person meets: empty, filled,
 * with a hint, with an error, disabled. The unit tests render every story and run axe on it
 * (stories.test.tsx); `pnpm --filter @consign/portal storybook` shows them (docs/contributing.md).
 */
const meta = {
  title: 'Form parts/Fields',
  component: TextField,
  args: { label: 'Email', type: 'email', name: 'email', autoComplete: 'email' },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { defaultValue: 'sam@example.com' } };
export const WithHint: Story = { args: { hint: 'We send the booking confirmation here.' } };
export const WithError: Story = {
  args: { defaultValue: 'sam@', error: 'Enter an email address such as name@example.com' },
};
export const Disabled: Story = { args: { defaultValue: 'sam@example.com', disabled: true } };
export const Postcode: Story = {
  args: {
    label: 'Postcode',
    type: 'text',
    name: 'postcode',
    autoComplete: 'postal-code',
    defaultValue: 'EH1 1',
    error: 'Enter a full UK postcode such as EH1 1YZ',
  },
};
export const DateField: Story = {
  args: {
    label: 'Collection date',
    type: 'date',
    name: 'date',
    autoComplete: undefined,
    defaultValue: '2026-12-01',
  },
};

export const Password: Story = {
  // The meta's `type` is the email field's: a password field sets its own (hidden, or shown by its toggle).
  render: ({ type: _type, ...args }) => (
    <PasswordField {...args} label="Password" autoComplete="new-password" />
  ),
  args: { hint: 'At least 10 characters.', name: 'password' },
};
export const PasswordWithError: Story = {
  render: Password.render,
  args: { defaultValue: 'short', error: 'Use at least 10 characters', name: 'password' },
};

export const Select: Story = {
  render: ({ label, error, disabled, hint }) => (
    <SelectField
      label={label}
      error={error}
      disabled={disabled}
      hint={hint}
      defaultValue=""
      options={[
        { value: 'domestic', label: 'Within the UK' },
        { value: 'international', label: 'International' },
      ]}
    >
      <option value="">Choose…</option>
    </SelectField>
  ),
  args: { label: 'Service type' },
};
export const SelectWithError: Story = {
  ...Select,
  args: { label: 'Service type', error: 'Choose a service type' },
};
export const SelectDisabled: Story = { ...Select, args: { label: 'Service type', disabled: true } };

export const TextArea: Story = {
  render: ({ label, error, disabled, defaultValue }) => (
    <TextAreaField
      label={label}
      error={error}
      disabled={disabled}
      defaultValue={defaultValue}
      rows={3}
      maxLength={500}
    />
  ),
  args: { label: 'Notes for the courier', defaultValue: 'Ring twice; the bell is quiet.' },
};
export const TextAreaWithError: Story = {
  ...TextArea,
  args: { label: 'Reason', defaultValue: '', error: 'Say why: a reason is required' },
};
