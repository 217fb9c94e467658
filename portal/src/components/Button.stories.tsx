import type { Meta, StoryObj } from '@storybook/react-vite';
import { Spinner } from './Spinner';

/**
 * The portal's buttons (the `button` classes in styles.css) and the loading state every form's
 * submit button takes while it saves: disabled, with a spinner that says what is happening.
 */
function FormButton({
  label,
  variant = 'primary',
  loading = false,
  loadingLabel = 'Saving',
  disabled = false,
}: {
  label: string;
  variant?: 'primary' | 'secondary';
  loading?: boolean;
  loadingLabel?: string;
  disabled?: boolean;
}) {
  return (
    <button type="submit" className={`button button--${variant}`} disabled={disabled || loading}>
      {loading ? <Spinner label={loadingLabel} /> : label}
    </button>
  );
}

const meta = {
  title: 'Form parts/Buttons',
  component: FormButton,
  args: { label: 'Save changes' },
} satisfies Meta<typeof FormButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { label: 'Cancel', variant: 'secondary' } };
export const Disabled: Story = { args: { disabled: true } };
export const Loading: Story = { args: { loading: true, loadingLabel: 'Saving your changes' } };
