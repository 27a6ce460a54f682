export default function Page() { return <h1>contact-specialists</h1>; }
