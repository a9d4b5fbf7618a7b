# The numbers of tests/match/referee_test.cpp (Pentanomial.AgreesWithFishtestFormulas),
# computed apart from kishi: fishtest's pentanomial GSPRT (LLRcalc.py) solved by bisection.
# Run: python3 tests/match/pentanomial_reference.py
import math
def L(elo): return 1/(1+10**(-elo/400))
def pdf_of(counts):
    c=[x if x>0 else 1e-3 for x in counts]; n=sum(c)
    return n,[(i/4,x/n) for i,x in enumerate(c)]
def mle(pdf,s):
    d=[a-s for a,_ in pdf]
    lo=-1/max(d)+1e-12; hi=-1/min(d)-1e-12
    f=lambda th: sum(p*di/(1+th*di) for (a,p),di in zip(pdf,d))
    # f is decreasing in theta
    for _ in range(300):
        mid=(lo+hi)/2
        if f(mid)>0: lo=mid
        else: hi=mid
    th=(lo+hi)/2
    return [p/(1+th*di) for (a,p),di in zip(pdf,d)]
def llr(counts,e0,e1):
    n,pdf=pdf_of(counts)
    q0=mle(pdf,L(e0)); q1=mle(pdf,L(e1))
    return n*sum(p*math.log(b/a) for (x,p),a,b in zip(pdf,q0,q1))
def stats(counts):
    n=sum(counts); mu=sum(i/4*c for i,c in enumerate(counts))/n
    var=sum(c*(i/4-mu)**2 for i,c in enumerate(counts))/n
    return n,mu,var
def elo(p): return -400*math.log10(1/p-1)
for counts,e0,e1 in [((10,20,40,25,15),0,10),((5,30,50,30,5),0,10),((2,10,30,35,23),0,10),((0,3,10,6,1),-5,5)]:
    n,mu,var=stats(counts)
    se=math.sqrt(var/n)
    nelo=(mu-0.5)/math.sqrt(2*var)*800/math.log(10)
    print(counts,e0,e1,"llr %.6f"%llr(counts,e0,e1),"mu %.6f"%mu,"elo %.4f [%.4f, %.4f]"%(elo(mu),elo(mu-1.959964*se),elo(mu+1.959964*se)),"nelo %.4f"%nelo)
print("bounds", math.log(0.05/0.95), math.log(0.95/0.05))
