import { isValidEmail } from '@consign/shared/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { TextAreaField, TextField } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { api, describeError } from '../../shared/api/client';
import { messages } from '../../shared/auth/validation';

const MESSAGE_MAX = 5000;

const schema = z.object({
  name: z.string().trim().min(1, 'Please enter your name').max(200, 'Name is too long'),
  phone: z
    .string()
    .trim()
    .min(1, 'Please enter your phone number')
    .regex(/^\+?[0-9 ()-]{7,20}$/, 'Not a valid phone number'),
  email: z.string().trim().min(1, 'Please enter your email').refine(isValidEmail, messages.invalidEmail),
  message: z
    .string()
    .trim()
    .min(1, 'Please enter a message')
    .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`),
});

type Values = z.input<typeof schema>;
type Output = z.output<typeof schema>;

export function ContactPage() {
  usePageTitle('Contact us');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { name: '', phone: '', email: '', message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.contact.send(values);
      toast.success('Thank you for contacting us!');
      reset();
    } catch (error) {
      toast.error(`Error sending message: ${describeError(error)}`);
    }
  });

  return (
    <section className="container page">
      <div className="contact">
        <div className="contact__intro">
          <h1>Contact Us</h1>
          <p className="lead">
            Questions about a quote, a booking or a claim? Send us a message and our UK team will reply by
            email, usually within one working day.
          </p>
          <ul className="contact__notes">
            <li>For an existing booking, include its reference (the # number on your dashboard).</li>
            <li>Damage or a missing parcel must be reported within 5 working days (see our terms).</li>
          </ul>
        </div>
        <form className="card stack contact__form" onSubmit={onSubmit} noValidate aria-label="Contact us">
          <TextField
            label="Name"
            autoComplete="name"
            required
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <TextAreaField
            label="Message"
            rows={6}
            required
            maxLength={MESSAGE_MAX}
            error={errors.message?.message}
            {...register('message')}
          />
          <button type="submit" className="button button--primary button--block" disabled={isSubmitting}>
            {isSubmitting ? <Spinner label="Sending" /> : 'Send message'}
          </button>
        </form>
      </div>
    </section>
  );
}
