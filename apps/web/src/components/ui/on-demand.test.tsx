import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onDemand } from './on-demand.tsx';

function Note({ text }: { text: string }) {
  return <p>{text}</p>;
}

describe('onDemand (issue 15.4)', () => {
  it('loads the part only once it is wanted, and renders it only while wanted', async () => {
    const load = vi.fn(async () => Note);
    const Part = onDemand(load);
    const { rerender } = render(<Part when={false} text="hello" />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText('hello')).not.toBeInTheDocument();

    rerender(<Part when text="hello" />);
    expect(await screen.findByText('hello')).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();

    rerender(<Part when={false} text="hello" />);
    expect(screen.queryByText('hello')).not.toBeInTheDocument();
  });

  it('keeps a dialog mounted once it has shown (its closing transition plays)', async () => {
    const Part = onDemand(async () => Note, { keepMounted: true });
    const { rerender } = render(<Part when={false} text="dialog" />);
    expect(screen.queryByText('dialog')).not.toBeInTheDocument();
    rerender(<Part when text="dialog" />);
    expect(await screen.findByText('dialog')).toBeInTheDocument();
    rerender(<Part when={false} text="closing" />);
    expect(screen.getByText('closing')).toBeInTheDocument();
  });
});
