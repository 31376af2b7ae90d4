/**
 * The admin sign-in form (issue 11 part 1): e-mail and password, errors next to the field they
 * concern and one message for a refused sign-in (it never says which part was wrong).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { Input, Label } from '../../../../components/ui/input';
import { loginErrorText, useAdminLogin } from '../api';

interface FieldErrors {
  email?: string;
  password?: string;
}

export function AdminLoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const id = useId();
  const login = useAdminLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (email.trim() === '') found.email = 'Enter your e-mail address.';
    if (password === '') found.password = 'Enter your password.';
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: onSignedIn,
        onError: () => {
          setPassword('');
          passwordRef.current?.focus();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-describedby={login.isError ? `${id}-failed` : undefined}>
      {login.isError && (
        <p id={`${id}-failed`} role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {loginErrorText(login.error)}
        </p>
      )}
      <div>
        <Label htmlFor={`${id}-email`}>E-mail</Label>
        <Input
          ref={emailRef}
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          invalid={Boolean(errors.email)}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
        />
        {errors.email && (
          <p id={`${id}-email-error`} className="mt-1 text-sm text-red-700">
            {errors.email}
          </p>
        )}
      </div>
      <div>
        <Label htmlFor={`${id}-password`}>Password</Label>
        <Input
          ref={passwordRef}
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          invalid={Boolean(errors.password)}
          aria-describedby={errors.password ? `${id}-password-error` : undefined}
        />
        {errors.password && (
          <p id={`${id}-password-error`} className="mt-1 text-sm text-red-700">
            {errors.password}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
